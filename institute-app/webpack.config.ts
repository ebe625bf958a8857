import { createConfig, DEV_PORTS } from '../webpack.common';

export default createConfig({
  name: 'institute_app',
  dir: __dirname,
  port: DEV_PORTS.institute_app,
  exposes: { './App': './src/app.tsx' },
});
