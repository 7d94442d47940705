/** One autocannon run against the server process, reduced to the figures the report shows. */
import autocannon from 'autocannon';
import type { Scenario } from './scenarios.js';

export interface LoadResult {
  readonly connections: number;
  readonly seconds: number;
  readonly requests: number;
  readonly rps: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
  readonly non2xx: number;
  readonly errors: number;
  /** mean response bytes (body and headers) per request */
  readonly bytesPerRequest: number;
}

export async function load(url: string, scenario: Scenario, connections: number, seconds: number): Promise<LoadResult> {
  const result = await autocannon({
    url: url + scenario.path,
    method: scenario.method,
    connections,
    duration: seconds,
    timeout: 30,
    ...(scenario.body === undefined ? {} : { body: scenario.body }),
    ...(scenario.headers === undefined ? {} : { headers: scenario.headers }),
  });
  return figuresOf(result, connections);
}

/** The figures of one finished autocannon run (also the load script's, bench/load-test.ts). */
export function figuresOf(result: autocannon.Result, connections: number): LoadResult {
  const requests = result.requests.total;
  return {
    connections,
    seconds: result.duration,
    requests,
    rps: requests / result.duration,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    bytesPerRequest: requests > 0 ? result.throughput.total / requests : 0,
  };
}
