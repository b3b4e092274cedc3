// A game page whose Content Security Policy refuses frames (`frame-src 'none'`, or `child-src 'none'`, which also
// refuses workers when no worker-src is given): the overlay is an iframe with no src, which no such policy governs,
// so the form opens in its own frame and the report is sent with its screenshot, the workers' work done in-thread.
import type { Browser, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import { DOCUMENTED_CSP, OVERLAY_HOST, openGame, useDemoGame } from './harness.ts';
import { reportFromGame } from '../helpers/player-report.ts';

let server: TestServer;
let browser: Browser;
useDemoGame((started, launched) => {
  server = started;
  browser = launched;
});

/** The policy docs/widget.md#the-form documents for the script tag. */
const DOCUMENTED = DOCUMENTED_CSP;

/** The demo served with the policy as a response header, recording every violation from before its first script. */
async function gameUnder(policy: string): Promise<{ page: Page; workers: string[] }> {
  const page = await (await browser.newContext()).newPage();
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.route('**/demo/index.html*', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': policy } });
  });
  await page.addInitScript(() => {
    (window as any).__violations = [];
    addEventListener('securitypolicyviolation', (e: SecurityPolicyViolationEvent) =>
      (window as any).__violations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  await openGame(page, server);
  return { page, workers };
}

test("frame-src 'none': the form opens in its own frame, sends, and no frame is refused", async () => {
  const { page } = await gameUnder(`${DOCUMENTED}; frame-src 'none'`);
  try {
    const issue = await reportFromGame(page, server, 'marker-csp-frame-src');
    expect(await page.locator(OVERLAY_HOST).count(), 'the overlay frame, not the plain form').toBe(1);
    expect(await page.locator('dialog[data-glitchbox]').count()).toBe(0);
    expect(issue.screenshots).toHaveLength(1);
    expect(await page.evaluate(() => (window as any).__violations)).toEqual([]);
  } finally {
    await page.context().close();
  }
}, 60_000);

test("child-src 'none', no worker-src: the form opens in its frame, the workers' work done in the page", async () => {
  const { page, workers } = await gameUnder("child-src 'none'");
  try {
    const issue = await reportFromGame(page, server, 'marker-csp-child-src');
    expect(await page.locator(OVERLAY_HOST).count(), 'the overlay frame, not the plain form').toBe(1);
    expect(issue.screenshots).toHaveLength(1);
    // child-src stands in for worker-src: the workers are refused, and nothing else is.
    expect(workers).toEqual([]);
    const violations: string[] = await page.evaluate(() => (window as any).__violations);
    expect(
      violations.every((v) => v.startsWith('worker-src ')),
      violations.join('\n'),
    ).toBe(true);
  } finally {
    await page.context().close();
  }
}, 60_000);
