// A lean HTTP client for the mixed load: node:http on keep-alive sockets, the body read as bytes.
// The load generator shares the machine's cores with the app and PostgreSQL; `fetch` spent about
// 0.9 ms of CPU a request there (inflating every gzip answer, as a browser does on its own
// machine), a quarter of what the app and its database spent, so it measured the generator too.
import http from 'node:http';
import { gunzipSync } from 'node:zlib';

export interface Answer {
  /** 0 when no answer came (refused, reset, or silent past the timeout). */
  status: number;
  /** The body as JSON (inflated when gzip), for the few calls that read it. */
  json: () => unknown;
}

export interface CallInit {
  method?: string;
  headers: Record<string, string>;
  body?: string;
}

/** `call(path, init)` on up to `sockets` keep-alive connections to `base`; a call whose socket stays silent `timeoutMs` is given up (status 0). */
export function keepAliveClient(base: string, sockets: number, timeoutMs: number) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const call = (path: string, init: CallInit) =>
    new Promise<Answer>((resolve) => {
      const none = { status: 0, json: () => null };
      const req = http.request({ host: url.hostname, port: url.port, path, method: init.method ?? 'GET', headers: init.headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', () => resolve(none));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const text = () => (res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
          resolve({ status: res.statusCode ?? 0, json: () => JSON.parse(text()) as unknown });
        });
      });
      req.setTimeout(timeoutMs, () => req.destroy());
      req.on('error', () => resolve(none));
      req.end(init.body);
    });
  return { call, close: () => agent.destroy() };
}
