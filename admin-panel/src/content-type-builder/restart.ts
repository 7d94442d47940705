/**
 * After a save, `vellum develop` makes the new app, closes the old one's socket and listens
 * again on the same port. The page asks `GET /admin/information` every half second until
 * another app answers (its `startedAt` differs).
 */
import { informationRequest } from './api';

const POLL_MS = 500;
const GIVE_UP_MS = 120_000;

export async function waitForRestart(startedAt: string): Promise<void> {
  const until = Date.now() + GIVE_UP_MS;
  while (Date.now() < until) {
    await new Promise((done) => setTimeout(done, POLL_MS));
    try {
      if ((await informationRequest()).startedAt !== startedAt) return;
    } catch {
      // the instant between the two apps: ask again
    }
  }
}
