/** Test helpers of the exam-transfer tests: a tiny HTTP server on 127.0.0.1 that plays "the other site". */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface LocalSite {
  port: number;
  /** http://127.0.0.1:<port>/ */
  base: string;
  /** requests received, as "METHOD path" */
  seen: string[];
  /** the Authorization header of each request ('' when absent) */
  auth: string[];
  close(): Promise<void>;
}

/** Starts a server on 127.0.0.1 with a random port; `routes` maps a path (without query) to its handler. */
export async function localSite(routes: Record<string, Handler> | Handler): Promise<LocalSite> {
  const seen: string[] = [];
  const auth: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    auth.push(req.headers.authorization ?? '');
    const path = (req.url ?? '/').split('?')[0]!;
    const handler = typeof routes === 'function' ? routes : routes[path];
    if (!handler) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not Found"}');
      return;
    }
    handler(req, res);
  });
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    base: `http://127.0.0.1:${port}/`,
    seen,
    auth,
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}

export const json = (body: unknown, status = 200): Handler => (_req, res) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

/** A port nothing listens on (a server was there a moment ago). */
export async function closedPort(): Promise<number> {
  const site = await localSite(json({}));
  await site.close();
  return site.port;
}
