// A game whose release label the server does not know, with the demo's token that may not create releases, in
// Chromium against the reference server: the player reads "Sent", the developer's sentence goes to the console.
import type { Browser } from 'playwright-core';
import { expect, test } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import { inOverlay, issuesWith, openGame, overlay, useDemoGame } from './harness.ts';

let server: TestServer;
let browser: Browser;
useDemoGame((started, launched) => {
  server = started;
  browser = launched;
});

test('a release label the server refuses: the report arrives without it, the label in its device block', async () => {
  const context = await browser.newContext();
  // The demo page as a game shipped the day before its release exists on the server.
  await context.route('**/demo/index.html*', async (route) => {
    const page = await route.fetch();
    const html = (await page.text()).replace('data-release="1.0.0"', 'data-release="0.0.1"');
    await route.fulfill({ response: page, body: html });
  });
  const page = await context.newPage();
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await openGame(page, server);
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  await inOverlay(page).locator('#gb-desc').fill('marker-unknown-release: the save icon spins forever');
  await inOverlay(page).locator('#gb-send').click();
  const outcome = inOverlay(page).locator('[data-gb-outcome]');
  await expect.poll(() => outcome.getAttribute('data-gb-outcome'), { timeout: 20_000 }).toBe('sent');
  expect(await outcome.textContent()).toBe('Sent. Thank you!');
  expect(await overlay(page).textContent()).not.toContain('permission');

  const [issue] = await issuesWith(server, 'marker-unknown-release');
  expect(issue.release.label).toBe('1.0.0'); // the latest published release, as for a report without a label
  expect(issue.device.configuration.release).toBe('0.0.1');
  expect(warnings.filter((w) => w.includes('Auth token does not have permission to create releases'))).toHaveLength(1);
  await context.close();
});
