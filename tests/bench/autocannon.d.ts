// The part of autocannon 9's API the bench uses. The package ships no types, and @types/autocannon
// describes an older major; this small declaration is checked against what load.ts reads.
declare module "autocannon" {
  type Percentiles = { average: number; mean: number; min: number; max: number; p50: number; p99: number; p2_5: number; p97_5: number };

  export type Options = {
    url: string;
    method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Stop after this many requests; overrides duration. */
    amount?: number;
    /** Seconds to wait for a response before counting a timeout. */
    timeout?: number;
  };

  export type Result = {
    latency: Percentiles;
    requests: Percentiles & { total: number; sent: number };
    /** Seconds the run took. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  };

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
