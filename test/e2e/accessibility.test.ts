// The overlay's accessibility (axe-core scan), right-to-left locale, strict Content Security
// Policy, and gamepad operation, in Chromium on the demo game.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Frame, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import {
  DOCUMENTED_CSP,
  inOverlay,
  issuesWith,
  openGame,
  overlay,
  overlayEval,
  overlayFrame,
  ROOT,
  useDemoGame,
} from './harness.ts';
import { installVirtualPad, setButtons } from './virtual-pad.ts';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const DEMO_HTML = readFileSync(`${ROOT}/demo/index.html`, 'utf8');

let server: TestServer;
let browser: Browser;
useDemoGame((started, launched) => {
  server = started;
  browser = launched;
});

/** The demo page with its HTML changed (extra data attributes, a CSP meta tag). */
async function gameWith(edit: (html: string) => string, init?: (page: Page) => Promise<unknown>): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await init?.(page);
  await page.route('**/demo/index.html*', (route) =>
    route.fulfill({ contentType: 'text/html', body: edit(DEMO_HTML) }),
  );
  await openGame(page, server);
  return page;
}

test('has no axe-core violations with the overlay open', async () => {
  const page = await gameWith((h) => h);
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  await inOverlay(page).locator('img.gb-thumb').waitFor();
  await inOverlay(page).locator('#gb-desc').fill('short');
  await inOverlay(page).locator('#gb-send').click(); // the error state is scanned too
  // The page (its overlay frame element included) and the overlay's own document, each scanned where it lives.
  const scan = async (where: Page | Frame) => {
    await where.addScriptTag({ path: AXE });
    return where.evaluate(async () => {
      const r = await (window as any).axe.run(document, { resultTypes: ['violations'], iframes: false });
      return r.violations.map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`);
    });
  };
  const form = await overlayFrame(page);
  expect(await form.evaluate(() => document.querySelector('dialog')?.open)).toBe(true);
  expect(await scan(form)).toEqual([]);
  expect(await scan(page)).toEqual([]);
});

test('renders right to left in Arabic', async () => {
  const page = await gameWith((h) => h.replace('data-locale="en"', 'data-locale="ar"'));
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  expect(await overlay(page).getAttribute('dir')).toBe('rtl');
  expect(await overlay(page).getAttribute('lang')).toBe('ar');
  expect(await inOverlay(page).locator('#gb-heading').textContent()).toBe('الإبلاغ عن مشكلة');
});

test('works under a strict Content Security Policy', async () => {
  const csp = DOCUMENTED_CSP;
  const page = await gameWith(
    (h) =>
      h.replace(
        '<meta charset="utf-8">',
        `<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="${csp}">`,
      ),
    (p) =>
      p.addInitScript(() => {
        (window as any).__violations = [];
        addEventListener('securitypolicyviolation', (e: SecurityPolicyViolationEvent) =>
          (window as any).__violations.push(`${e.violatedDirective} ${e.blockedURI}`),
        );
      }),
  );
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  await inOverlay(page).locator('img.gb-thumb').waitFor();
  // The adopted stylesheet applied: the dialog has the theme's border radius.
  expect(await overlay(page).evaluate((d) => getComputedStyle(d).borderTopLeftRadius)).toBe('10px');
  await inOverlay(page).locator('#gb-desc').fill('marker-csp: works with a strict policy');
  await inOverlay(page).locator('#gb-send').click();
  await expect
    .poll(() => inOverlay(page).locator('[data-gb-outcome]').getAttribute('data-gb-outcome'), { timeout: 20_000 })
    .toBe('sent');
  expect(await page.evaluate(() => (window as any).__violations)).toEqual([]);
  expect((await issuesWith(server, 'marker-csp'))[0].screenshots).toHaveLength(1);
});

test('opens with the gamepad chord, moves focus with the D-pad and closes with B', async () => {
  const page = await gameWith((h) => h, installVirtualPad);
  await page.evaluate(() => dispatchEvent(new Event('gamepadconnected')));
  await setButtons(page, [8, 9], true);
  await overlay(page).waitFor();
  await setButtons(page, [8, 9], false);
  const focused = () => overlayEval(page, (root) => root.activeElement?.id ?? '');
  expect(await focused()).toBe('gb-desc');
  // Each press and release waits until the widget has read it (setButtons), then for the press's effect.
  const tap = async (button: number, expected: string) => {
    await setButtons(page, [button], true);
    await expect.poll(focused, { timeout: 5000 }).toBe(expected);
    await setButtons(page, [button], false);
  };
  // Down from the description reaches the preset sentences under it (docs/widget.md#preset-descriptions).
  await tap(13, 'gb-preset-0');
  await tap(12, 'gb-desc');
  await setButtons(page, [1], true);
  await expect.poll(() => page.locator('[data-glitchbox]:not([hidden])').count()).toBe(0);
});
