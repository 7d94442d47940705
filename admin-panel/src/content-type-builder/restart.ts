/**
 * After a save, `vellum develop` makes the new app while the old one answers, then the old one
 * closes and the new one listens on the same port. The page asks the old app
 * `GET /admin/information?waitForRestart=<its startedAt>`, which holds its answer until it begins
 * to close; a moment later the same question reaches the new app, which answers at once with
 * another `startedAt`. So the page never knocks on the port while no app listens (a refused
 * request would be an error in the console).
 */
import { adminPath, apiRequest } from '../api/client';
import type { Information } from './api';

/** the instant between the old app's close and the new one's listen, with room to spare */
const HANDOVER_MS = 1_000;
const GIVE_UP_MS = 180_000;

const ask = (startedAt: string) =>
  apiRequest<{ data: Information }>(adminPath('/information'), { query: new URLSearchParams({ waitForRestart: startedAt }) }).then((body) => body.data.startedAt);

/** resolves true once another app answers, false when none came in time */
export async function waitForRestart(startedAt: string): Promise<boolean> {
  const until = Date.now() + GIVE_UP_MS;
  while (Date.now() < until) {
    let answered: string | undefined;
    try {
      answered = await ask(startedAt);
    } catch {
      // the connection closed under the held question: ask again after the handover
    }
    if (answered !== undefined && answered !== startedAt) return true;
    // the old app answered (it is closing, or it held the question as long as it may)
    await new Promise((done) => setTimeout(done, HANDOVER_MS));
  }
  return false;
}
