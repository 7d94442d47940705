/**
 * V8's old-generation growth for a long-running server. Without a bound, V8 lets the old
 * generation grow up to 4× its live size before the next full collection when memory is
 * plentiful, and it picks that factor from the start-up's allocation rate: under load the
 * bench's server went from a ~27 MiB live heap to ~110 MiB of old space (peak RSS 170–220 MiB)
 * before collecting. A fixed 25 % growth (V8 still grows by at least 8 MiB) kept the peak at 136–152 MiB for the same
 * throughput (docs/benchmarks.md, "Memory under load"). It is a V8 flag V8 reads at every
 * limit computation, so setting it at run time works; `--max-semi-space-size` is not (V8 sizes
 * the young generation once), which is why that lever stays with NODE_OPTIONS.
 */
import { setFlagsFromString } from 'node:v8';

export const HEAP_GROWING_PERCENT = 25;

const FLAG = '--heap-growing-percent';

/** Sets the growth unless the process was started with its own `--heap-growing-percent`. */
export function boundHeapGrowth(execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((arg) => arg.startsWith(FLAG) || arg.startsWith('--heap_growing_percent'))) return false;
  setFlagsFromString(`${FLAG}=${HEAP_GROWING_PERCENT}`);
  return true;
}
