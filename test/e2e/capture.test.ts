// What the widget captures besides the screenshot, in Chromium on the demo game: console levels,
// uncaught errors sent as raw issues, the beforeSend hook, game custom fields, playtime sessions.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import { inOverlay, issuesWith, openGame, overlay, ROOT, useDemoGame } from './harness.ts';

const DEMO_HTML = readFileSync(`${ROOT}/demo/index.html`, 'utf8');

let server: TestServer;
let browser: Browser;
useDemoGame((started, launched) => {
  server = started;
  browser = launched;
});

async function gameWith(edit: (html: string) => string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.route('**/demo/index.html*', (route) =>
    route.fulfill({ contentType: 'text/html', body: edit(DEMO_HTML) }),
  );
  await openGame(page, server);
  return page;
}

async function send(page: Page, description: string): Promise<string | null> {
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  await inOverlay(page).locator('#gb-desc').fill(description);
  await inOverlay(page).locator('#gb-send').click();
  await inOverlay(page).locator('[data-gb-outcome]').waitFor({ timeout: 20_000 });
  return inOverlay(page).locator('[data-gb-outcome]').getAttribute('data-gb-outcome');
}

test('records every console level and sends uncaught errors and rejections as raw issues', async () => {
  const page = await gameWith((h) =>
    h.replace('data-launcher="true"', 'data-launcher="true" data-report-errors="true"'),
  );
  await page.evaluate(() => {
    console.debug('dbg-line');
    console.info('info-line');
    console.warn('warn-line', { hp: 3 });
    console.error('error-line');
    Promise.reject(new Error('marker-rejection: save failed'));
  });
  await page.locator('#crash').click(); // throws "Demo crash on level 1" from a timer
  await expect
    .poll(async () => (await issuesWith(server, 'Demo crash on level 1')).length, { timeout: 15_000 })
    .toBe(1);
  await expect.poll(async () => (await issuesWith(server, 'marker-rejection')).length, { timeout: 15_000 }).toBe(1);
  const [crash] = await issuesWith(server, 'Demo crash on level 1');
  expect(crash).toMatchObject({
    raw: true,
    source: 'glitchbox-error',
    title: expect.stringContaining('Demo crash on level 1'),
  });
  const log = await (await fetch(crash.log_files[0].url)).text();
  for (const line of ['[debug] dbg-line', '[info] info-line', '[warn] warn-line {"hp":3}', '[error] error-line'])
    expect(log).toContain(line);
  // A raw issue stays out of the default list.
  const list = await server.request('GET', '/projects/pr-4242/issues.json?per_page=100', {
    auth: 'Bearer pat-demo-developer',
  });
  expect((list.body.issues as any[]).some((i) => i.id === crash.id)).toBe(false);
});

test('lets beforeSend redact a report or drop it, and sends the game custom fields', async () => {
  // No data-project: the game initialises the widget itself with a beforeSend hook.
  const page = await gameWith((h) => h.replace('data-project="pr-4242"', ''));
  await page.evaluate(() => {
    const gb = (window as any).Glitchbox;
    gb.init({
      projectId: 'pr-4242',
      token: 'tkn-demo',
      endpoint: location.origin,
      canvas: '#game',
      customFields: () => ({ zone: 'caves' }),
      beforeSend: (r: any) =>
        r.description.includes('drop-me')
          ? null
          : { ...r, description: r.description.replace(/secret-\w+/g, '[redacted]') },
    });
    gb.setCustomField('save_slot', '2');
  });
  expect(await send(page, 'marker-redact: my password is secret-hunter2')).toBe('sent');
  const [issue] = await issuesWith(server, 'marker-redact');
  expect(issue.description).toBe('marker-redact: my password is [redacted]');
  expect(issue.custom_fields).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ ident: 'zone', value: 'caves' }),
      expect.objectContaining({ ident: 'save_slot', value: '2' }),
    ]),
  );
  await inOverlay(page).locator('#gb-result-action').click();
  expect(await send(page, 'marker-drop: drop-me please')).toBe('dropped');
  expect(await inOverlay(page).locator('[data-gb-outcome]').textContent()).toBe(
    'The game chose not to send this report.',
  );
  expect(await issuesWith(server, 'marker-drop')).toHaveLength(0);
});

test('creates a playtime session with tags on load and updates it on pagehide', async () => {
  const page = await gameWith((h) =>
    h.replace('data-playtime-tags="build=demo"', 'data-playtime-tags="build=marker-playtime"'),
  );
  const row = () =>
    server.deps.db
      .prepare("SELECT tags, heartbeats FROM playtime_sessions WHERE tags LIKE '%marker-playtime%'")
      .get() as { tags: string; heartbeats: number } | undefined;
  await expect.poll(() => row()?.tags, { timeout: 10_000 }).toBeTruthy();
  expect(JSON.parse(row()!.tags)).toMatchObject({ build: 'marker-playtime', release: '1.0.0', locale: 'en' });
  // The server stores the row before the page has read its id from the response: wait until the page
  // has the whole response (its resource timing entry), then one more task for the JSON to be read.
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          performance.getEntriesByType('resource').some((e) => /\/playtime_sessions\.json$/.test(e.name)),
        ),
      { timeout: 10_000 },
    )
    .toBe(true);
  await page.evaluate(() => new Promise((r) => setTimeout(r, 50)));
  const before = row()!.heartbeats;
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => row()!.heartbeats, { timeout: 10_000 }).toBe(before + 1);
});

/** Pixels of the uploaded screenshot within the HUD's box that are close to the HUD's text colour. */
async function hudTextPixels(page: Page, url: string): Promise<{ inBox: number; requestedHtml2canvas: boolean }> {
  return page.evaluate(async (url) => {
    const canvas = document.querySelector<HTMLCanvasElement>('#game')!;
    const frame = canvas.getBoundingClientRect();
    const hud = document.querySelector('#hud')!.getBoundingClientRect();
    const sx = canvas.width / frame.width,
      sy = canvas.height / frame.height;
    const bitmap = await createImageBitmap(await (await fetch(url)).blob());
    const c = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = c.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const box = ctx.getImageData(
      Math.round((hud.left - frame.left) * sx),
      Math.round((hud.top - frame.top) * sy),
      Math.round(hud.width * sx),
      Math.round(hud.height * sy),
    ).data;
    let inBox = 0; // #fde68a, the demo HUD's text colour
    for (let i = 0; i < box.length; i += 4)
      if (Math.abs(box[i] - 253) < 24 && Math.abs(box[i + 1] - 230) < 24 && Math.abs(box[i + 2] - 138) < 30) inBox++;
    const requestedHtml2canvas = performance.getEntriesByType('resource').some((e) => /html2canvas/.test(e.name));
    return { inBox, requestedHtml2canvas };
  }, url);
}

test('paints the DOM HUD (data-hud) over the screenshot from computed styles, without html2canvas', async () => {
  const page = await gameWith((h) => h);
  expect(await send(page, 'hud-painted: the score line must be in the picture')).toBe('sent');
  const [issue] = await issuesWith(server, 'hud-painted');
  const seen = await hudTextPixels(page, issue.screenshots[0].url);
  expect(seen.inBox).toBeGreaterThan(60); // the glyphs of "Score … Lives …" in the HUD's yellow
  expect(seen.requestedHtml2canvas).toBe(false);
});

test('falls back to html2canvas for a HUD holding more than text and boxes (an image)', async () => {
  const page = await gameWith((h) =>
    h.replace('<span id="lives">', '<img src="favicon.svg" width="16" height="16" alt=""> <span id="lives">'),
  );
  expect(await send(page, 'hud-fallback: a HUD with an icon')).toBe('sent');
  const [issue] = await issuesWith(server, 'hud-fallback');
  const seen = await hudTextPixels(page, issue.screenshots[0].url);
  expect(seen.inBox).toBeGreaterThan(60);
  expect(seen.requestedHtml2canvas).toBe(true);
});
