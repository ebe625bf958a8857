import { createConfig, DEV_PORTS } from '../webpack.common';

export default createConfig({
  name: 'student_app',
  dir: __dirname,
  port: DEV_PORTS.student_app,
  exposes: { './App': './src/app.tsx' },
});
