/** The slice of autocannon's API the bench uses (the package ships no types). */
declare module 'autocannon' {
  interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface RequestSpec extends RequestParams {
    /** Returns the request to send (called before each request). */
    setupRequest?: (req: RequestParams, context: Record<string, unknown>) => RequestParams;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    requests?: RequestSpec[];
  }
  interface Histogram {
    average: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    '2xx': number;
    '5xx': number;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    /** Answers per status code ('409': { count }). */
    statusCodeStats: Record<string, { count: number }>;
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
