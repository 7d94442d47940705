/**
 * The admin panel in a real browser: Debian's Chromium (`/usr/bin/chromium`, or CHROMIUM_PATH)
 * driven by playwright-core, with a fresh profile per launch. The page records every console
 * error and page error, and aborts and records every request to a host other than loopback
 * (the panel must work offline: no CDN, no font service, no telemetry); tests assert both lists
 * empty. `screenshot(step)` keeps a PNG per step under `test-artifacts/admin/<test-name>/`.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export interface AdminBrowser {
  readonly context: BrowserContext;
  readonly page: Page;
  /** console errors and uncaught page errors, in order */
  readonly consoleErrors: string[];
  /** requests to a non-loopback host, aborted */
  readonly externalRequests: string[];
  /** every request URL the page made, in order (for request counts) */
  readonly requests: string[];
  /** saves `test-artifacts/admin/<test-name>/<nn>-<step>.png`; resolves to its path */
  screenshot(step: string): Promise<string>;
  close(): Promise<void>;
}

const slug = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'step';

/** A fresh Chromium profile and page; `testName` names the screenshots' folder. */
export async function openAdminBrowser(testName: string, options: { viewport?: { width: number; height: number } } = {}): Promise<AdminBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'vellum-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
    viewport: options.viewport ?? { width: 1280, height: 860 },
  });
  const consoleErrors: string[] = [];
  const externalRequests: string[] = [];
  const requests: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    const { protocol, hostname } = new URL(url);
    if ((protocol === 'http:' || protocol === 'https:' || protocol === 'ws:' || protocol === 'wss:') && !LOOPBACK.has(hostname)) {
      externalRequests.push(url);
      return route.abort('blockedbyclient');
    }
    return route.continue();
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => consoleErrors.push(`page error: ${error.message}`));
  page.on('request', (request) => requests.push(request.url()));
  const folder = join(ROOT, 'test-artifacts', 'admin', slug(testName));
  rmSync(folder, { recursive: true, force: true });
  let step = 0;
  return {
    context,
    page,
    consoleErrors,
    externalRequests,
    requests,
    async screenshot(name) {
      step += 1;
      mkdirSync(folder, { recursive: true });
      const path = join(folder, `${String(step).padStart(2, '0')}-${slug(name)}.png`);
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
