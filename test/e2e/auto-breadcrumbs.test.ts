// Automatic breadcrumbs in Chromium against the real server: a click on a page button and the game's
// requests reach the sent issue's debug trace and log, without text, query values or our own calls.
import type { Browser, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import { inOverlay, issuesWith, openGameWith, overlay, useDemoGame } from './harness.ts';

let server: TestServer;
let browser: Browser;
useDemoGame((started, launched) => {
  server = started;
  browser = launched;
});

const newGame = (attributes = ''): Promise<Page> => openGameWith(browser, server, attributes);

/** What the game does before the player reports: a click on a shop button, a request that fails, one that 404s. */
async function playAndFail(page: Page): Promise<void> {
  await page.evaluate(() => {
    const b = document.createElement('button');
    b.id = 'buy';
    b.className = 'shop wide';
    b.textContent = 'Buy the secret-sword';
    document.querySelector('main')!.append(b);
  });
  await page.click('#buy');
  await page.evaluate(async () => {
    // Port 9 (discard) on loopback: nothing listens, the request fails without an answer.
    await fetch('http://127.0.0.1:9/save?slot=1&session=hunter2').catch(() => {});
    await fetch('/demo/missing-level.json?key=hunter2', { method: 'POST', headers: { 'X-Secret': 'hunter2' } });
    history.pushState({}, '', '/demo/index.html?test=1&level=hunter2#boss');
  });
}

/** Sends a report with the marker and returns its debug trace (as stored) and its log file's text. */
async function sendAndRead(page: Page, marker: string): Promise<{ trace: string; log: string }> {
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  await inOverlay(page).locator('#gb-desc').fill(marker);
  await inOverlay(page).locator('#gb-send').click();
  await expect
    .poll(() => inOverlay(page).locator('[data-gb-outcome]').getAttribute('data-gb-outcome'), { timeout: 20_000 })
    .toBe('sent');
  const [issue] = await issuesWith(server, marker);
  const row = server.deps.db.prepare('SELECT debug_trace FROM issues WHERE id = ?').get(issue.id) as {
    debug_trace: string;
  };
  const log = await (await fetch(issue.log_files[0].url)).text();
  return { trace: row.debug_trace, log };
}

test('puts a page click and a failed fetch in the debug trace and the log, never text or query values', async () => {
  const page = await newGame();
  await playAndFail(page);
  const { trace, log } = await sendAndRead(page, 'marker-auto-crumbs: the shop froze');
  const steps = (JSON.parse(trace).steps as { severity: string; description: string }[]).map(
    (s) => `${s.severity} ${s.description.replace(/^\[\+[\d.]+s\] /, '')}`,
  );
  expect(steps).toContain('info click button#buy.shop.wide');
  expect(steps).toContainEqual(
    expect.stringMatching(
      /^danger fetch GET http:\/\/127\.0\.0\.1:9\/save\?slot&session failed \(TypeError\) \(\d+ ms\)$/,
    ),
  );
  expect(steps).toContainEqual(
    expect.stringMatching(
      /^warning fetch POST http:\/\/127\.0\.0\.1:\d+\/demo\/missing-level\.json\?key 404 \(\d+ ms\)$/,
    ),
  );
  expect(steps).toContainEqual(
    expect.stringMatching(/^info navigation \S+\/demo\/index\.html\?test -> \S+\?test&level$/),
  );
  expect(log).toMatch(/\[click\] button#buy\.shop\.wide\n/);
  expect(log).toMatch(/\[fetch\] GET http:\/\/127\.0\.0\.1:9\/save\?slot&session failed \(TypeError\)/);
  for (const text of [trace, log]) {
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('secret-sword');
    expect(text).not.toContain('#boss');
    // The widget's own calls (the report being sent, its draft and uploads) are not the game's.
    expect(text).not.toMatch(/projects\/pr-4242/);
  }
});

test('records only the kinds data-auto-breadcrumbs keeps', async () => {
  const page = await newGame('data-auto-breadcrumbs="navigation"');
  await playAndFail(page);
  const { trace, log } = await sendAndRead(page, 'marker-auto-crumbs-navigation-only');
  expect(trace).toContain('navigation ');
  for (const text of [trace, log]) expect(text).not.toMatch(/click button#buy|fetch (GET|POST)/);
});
