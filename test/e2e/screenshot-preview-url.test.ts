// The screenshot preview's blob: URL lives as long as the form that shows it: a picture replaced by a chosen file
// and a form closed both let go of theirs, so a player who opens the form many times holds no old pictures.
import type { Browser, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import { inOverlay, openGame, useDemoGame } from './harness.ts';
import { openForm } from '../helpers/player-report.ts';

let server: TestServer;
let browser: Browser;
useDemoGame((started, launched) => {
  server = started;
  browser = launched;
});

/** Whether the game's page can still read the URL's bytes (a revoked blob: URL fails to fetch). */
const readable = (page: Page, url: string) =>
  page.evaluate(
    (u) =>
      fetch(u).then(
        (r) => r.ok,
        () => false,
      ),
    url,
  );

/** A 4x4 PNG, as a player's chosen image file. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAYAAACp8Z5+AAAAEklEQVR4nGP4z8DwHxkzkC4AADxAH+HggXe0AAAAAElFTkSuQmCC',
  'base64',
);

const thumbUrl = async (page: Page) => {
  const thumb = inOverlay(page).locator('img.gb-thumb');
  await thumb.waitFor({ timeout: 15_000 });
  return (await thumb.getAttribute('src'))!;
};

test("closing the form revokes the screenshot preview's blob: URL", async () => {
  const page = await (await browser.newContext()).newPage();
  try {
    await openGame(page, server);
    await openForm(page);
    const url = await thumbUrl(page);
    expect(url).toMatch(/^blob:/);
    expect(await readable(page, url), 'the preview reads while the form is open').toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => inOverlay(page).locator('img.gb-thumb').count()).toBe(0);
    await expect.poll(() => readable(page, url), { timeout: 5_000 }).toBe(false);
  } finally {
    await page.context().close();
  }
});

test("a chosen image revokes the grabbed picture's URL, and closing revokes the chosen one's", async () => {
  const page = await (await browser.newContext()).newPage();
  try {
    await openGame(page, server);
    await openForm(page);
    const grabbed = await thumbUrl(page);
    await inOverlay(page).locator('#gb-file').setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => thumbUrl(page)).not.toBe(grabbed);
    const chosen = await thumbUrl(page);
    expect(await readable(page, chosen)).toBe(true);
    await expect.poll(() => readable(page, grabbed), { timeout: 5_000 }).toBe(false);
    await page.keyboard.press('Escape');
    await expect.poll(() => readable(page, chosen), { timeout: 5_000 }).toBe(false);
  } finally {
    await page.context().close();
  }
});
