import { createConfig, DEV_PORTS } from '../webpack.common';
import { BootScriptsPlugin } from './webpack.boot';
import { PrerenderLoginPlugin } from './webpack.prerender';

const config = createConfig({ name: 'shell', dir: __dirname, port: DEV_PORTS.shell, host: true });

// index.html's prerendered login page, rendered from the login page's component at build time, and its boot scripts.
export default (...args: Parameters<typeof config>) => {
  const c = config(...args);
  return { ...c, plugins: [...(c.plugins ?? []), new PrerenderLoginPlugin(), new BootScriptsPlugin()] };
};
