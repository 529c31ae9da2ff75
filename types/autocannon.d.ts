// The part of autocannon 9 our benches use: the package ships no types and @types/autocannon is
// written for 7.x. Field names follow autocannon's lib/aggregateResult.js.
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
    headers?: Record<string, string>;
    body?: string | Buffer;
    connections?: number;
    pipelining?: number;
    /** Seconds. */
    duration?: number;
    /** Stop after this many requests instead of after `duration`. */
    amount?: number;
    timeout?: number;
    title?: string;
    /** Requests per second across all connections (a steady rate instead of flat out). */
    overallRate?: number;
  }

  /** A histogram summary; `p50`, `p97_5`, `p99_9` … are percentiles. */
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total?: number;
    p1: number;
    p2_5: number;
    p10: number;
    p25: number;
    p50: number;
    p75: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
  }

  interface Result {
    title?: string;
    url: string;
    connections: number;
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    '4xx': number;
    '5xx': number;
    /** Milliseconds. */
    latency: Histogram;
    /** Per second. */
    requests: Histogram & { sent: number };
    /** Bytes per second. */
    throughput: Histogram;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
