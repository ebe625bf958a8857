import { createConfig, DEV_PORTS } from '../webpack.common';

export default createConfig({
  name: 'admin_app',
  dir: __dirname,
  port: DEV_PORTS.admin_app,
  exposes: { './App': './src/app.tsx' },
});
