// The parts of autocannon 9 the benchmarks use (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }

  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
    duration: number;
  }

  /** A request as autocannon builds it; setupRequest may answer another path or headers. */
  export interface RequestParams {
    path: string;
    headers: Record<string, string>;
  }

  /** One connection: its 'headers' event carries each response's raw header list ([name, value, …]). */
  export interface Client extends EventEmitter {
    on(event: 'headers', listener: (info: { statusCode: number; headers: string[] }) => void): this;
  }

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    /** Each connection sends these in turn; setupRequest runs before every request. */
    requests?: Array<{ setupRequest?: (req: RequestParams) => RequestParams }>;
    setupClient?: (client: Client) => void;
  }

  export interface Instance extends EventEmitter {
    on(
      event: 'response',
      listener: (client: Client, statusCode: number, bytes: number, responseTimeMs: number) => void,
    ): this;
  }

  function autocannon(options: Options, done: (err: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
