/**
 * The Redis the multi-instance tests share (REDIS_URL, default redis://127.0.0.1:6379) and
 * whether it answers: required under CI=true; elsewhere a file that needs it is left out with one
 * warning when none answers (no skipped tests registered).
 */
import { connect } from 'node:net';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((done) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const finish = (ok: boolean): void => { socket.destroy(); done(ok); };
    socket.setTimeout(1_500, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

/** whether the file named `file` runs: Redis answers, or CI=true (whose beforeAll then fails loudly) */
export async function redisFileRuns(file: string): Promise<{ redisUp: boolean; runs: boolean }> {
  const redisUp = await reachable(REDIS_URL);
  const inCi = process.env.CI === 'true';
  if (!redisUp && !inCi) {
    console.warn(`[vellum tests] ${file} NOT RUN: no Redis at ${REDIS_URL} (set REDIS_URL or start redis-server); CI=true makes this an error`);
  }
  return { redisUp, runs: redisUp || inCi };
}
