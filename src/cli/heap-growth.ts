/**
 * V8's old-generation growth for a long-running server. Without a bound, V8 lets the old
 * generation grow up to 4× its live size before the next full collection when memory is
 * plentiful, and it picks that factor from the start-up's allocation rate: under load the
 * bench's server went from a ~27 MiB live heap to ~110 MiB of old space (peak RSS 170–220 MiB)
 * before collecting. A fixed 50 % growth kept the peak at ~135–155 MiB with no CPU cost above the
 * noise; 25 % cut it further but cost 5–20 % more CPU per request in full collections
 * (docs/benchmarks.md, "Memory under load"). It is a V8 flag V8 reads at every
 * limit computation, so setting it at run time works; `--max-semi-space-size` is not (V8 sizes
 * the young generation once), which is why that lever stays with NODE_OPTIONS.
 */
import { setFlagsFromString } from 'node:v8';

export const HEAP_GROWING_PERCENT = 50;

const FLAG = '--heap-growing-percent';

/** Sets the growth unless the process was started with its own `--heap-growing-percent`. */
export function boundHeapGrowth(execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((arg) => arg.startsWith(FLAG) || arg.startsWith('--heap_growing_percent'))) return false;
  setFlagsFromString(`${FLAG}=${HEAP_GROWING_PERCENT}`);
  return true;
}
