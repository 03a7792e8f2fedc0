// The part of autocannon 8's API that bench/run.ts uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };

  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    pipelining?: number;
    /** Requests a second over every connection (an open loop at that pace, as far as the connections allow). */
    overallRate?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    /** Replaces `[<id>]` in the body with a fresh id on every request. */
    idReplacement?: boolean;
    requests?: (Request & { setupRequest?: (req: Request, context: Record<string, unknown>) => Request })[];
  };

  type Histogram = { average: number; mean: number; stddev: number; min: number; max: number; p50: number; p99: number; total: number };

  type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    '1xx': number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  };

  type Instance = EventEmitter &
    PromiseLike<Result> & {
      stop(): void;
      on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): Instance;
    };

  function autocannon(opts: Options): Instance;
  namespace autocannon {
    export type { Options };
  }
  export = autocannon;
}
