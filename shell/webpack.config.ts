import { createConfig, DEV_PORTS } from '../webpack.common';

export default createConfig({ name: 'shell', dir: __dirname, port: DEV_PORTS.shell, host: true });
