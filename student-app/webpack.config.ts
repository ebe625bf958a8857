import { createConfig, DEV_PORTS } from '../webpack.common';
import { FirstPaintPlugin } from './webpack.first-paint';

const config = createConfig({
  name: 'student_app',
  dir: __dirname,
  port: DEV_PORTS.student_app,
  exposes: { './App': './src/app.tsx' },
});

// first-paint.js: the exam list painted before the app runs.
export default (...args: Parameters<typeof config>) => {
  const c = config(...args);
  return { ...c, plugins: [...(c.plugins ?? []), new FirstPaintPlugin()] };
};
