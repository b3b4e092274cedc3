// setUser and data-user-* in Chromium against the real server: the created issue's reporter is the player's
// email or Discord id (the credential's claim), their id and name are custom fields, and a cleared value is not sent.
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

/** Sends a report (after `edit` on the open form) and returns the issue with its reporter as stored. */
async function send(page: Page, marker: string, edit: (p: Page) => Promise<void> = async () => {}) {
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  await inOverlay(page).locator('#gb-desc').fill(marker);
  await edit(page);
  await inOverlay(page).locator('#gb-send').click();
  await expect
    .poll(() => inOverlay(page).locator('[data-gb-outcome]').getAttribute('data-gb-outcome'), { timeout: 20_000 })
    .toBe('sent');
  const [issue] = await issuesWith(server, marker);
  const reporter = server.deps.db
    .prepare(
      'SELECT u.email, u.discord_id, u.virtual FROM issues i JOIN users u ON u.id = i.reporter_user_id WHERE i.id = ?',
    )
    .get(issue.id) as { email: string | null; discord_id: string | null; virtual: number } | undefined;
  const fields = Object.fromEntries(
    (issue.custom_fields as { ident: string; value: unknown }[]).map((f) => [f.ident, f.value]),
  );
  return { issue, reporter, fields };
}

test('reports as the player setUser names: email claim, player_id and player_name fields, email prefilled', async () => {
  const page = await newGame();
  await page.evaluate(() => (window as any).Glitchbox.setUser({ id: 4711, email: 'ana@example.com', name: 'Ana' }));
  const { reporter, fields } = await send(page, 'marker-set-user: Ana fell through the floor', async (p) => {
    await expect.poll(() => inOverlay(p).locator('#gb-email').inputValue()).toBe('ana@example.com');
  });
  expect(reporter).toMatchObject({ email: 'ana@example.com', virtual: 1 });
  expect(fields).toMatchObject({ player_id: '4711', player_name: 'Ana' });
});

test('sends no email when the player clears the prefilled field, and nothing of the player after setUser(null)', async () => {
  const page = await newGame();
  await page.evaluate(() => (window as any).Glitchbox.setUser({ id: 'p-1', email: 'bo@example.com', name: 'Bo' }));
  const cleared = await send(page, 'marker-set-user-cleared', async (p) => {
    await expect.poll(() => inOverlay(p).locator('#gb-email').inputValue()).toBe('bo@example.com');
    await inOverlay(p).locator('#gb-email').fill('');
  });
  expect(cleared.reporter?.email ?? null).toBeNull();
  expect(cleared.fields.player_id).toBe('p-1');

  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('[data-glitchbox]:not([hidden])').count()).toBe(0);
  await page.evaluate(() => (window as any).Glitchbox.setUser(null));
  const signedOut = await send(page, 'marker-set-user-signed-out');
  expect(signedOut.reporter?.email ?? null).toBeNull();
  expect(signedOut.fields).not.toHaveProperty('player_id');
  expect(signedOut.fields).not.toHaveProperty('player_name');
}, 60_000);

test('reads the player from data-user-* attributes: a Discord id becomes the Discord claim', async () => {
  const page = await newGame('data-user-id="p-9" data-user-discord-id="80351110224678912"');
  const { reporter, fields } = await send(page, 'marker-set-user-data-attributes');
  expect(reporter).toMatchObject({ discord_id: '80351110224678912', email: null, virtual: 1 });
  expect(fields).toMatchObject({ player_id: 'p-9' });
});
