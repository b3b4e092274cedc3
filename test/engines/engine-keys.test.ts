// Matrix row: an engine that added capture-phase key listeners on `window` before the tag loaded, calling
// preventDefault on every key, as Emscripten's GLFW glue and Unity 2020+ do at start-up. The form still gets every
// key typed in it and the game none of them (docs/widget.md#the-forms-own-document).
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { inOverlay, overlay, overlayEval } from '../e2e/harness.ts';
import { engineTag, useEngines } from './harness.ts';
import { openForm } from '../helpers/player-report.ts';

const TAG = engineTag(' data-canvas="canvas"');

/** The engine's key handling as GLFW's library_glfw.js and Unity's loader install it: window, capture phase,
 * every key default-prevented, the keys held kept by code; then a draw loop; then the tag, after the engine. */
const KEYS_FIRST = `<!doctype html><html><head><meta charset="utf-8"><title>keys first</title></head>
<body style="margin:0"><canvas width="480" height="270" tabindex="-1"></canvas>
<script>
  const held = new Set(); const log = []; let frames = 0;
  const formOpen = () => !!document.querySelector('iframe[data-glitchbox]:not([hidden])');
  for (const type of ['keydown', 'keyup', 'keypress'])
    window.addEventListener(type, (e) => {
      log.push({ type, code: e.code, open: formOpen(), trusted: e.isTrusted });
      if (type === 'keydown') held.add(e.code);
      if (type === 'keyup') held.delete(e.code);
      e.preventDefault();
    }, true);
  const ctx = document.querySelector('canvas').getContext('2d');
  (function frame() {
    frames++; ctx.fillStyle = '#223'; ctx.fillRect(0, 0, 480, 270);
    ctx.fillStyle = '#e63'; ctx.fillRect((frames * 3) % 440, 120, 40, 40);
    requestAnimationFrame(frame);
  })();
  window.__game = { log, held: () => [...held], get frames() { return frames; } };
</script>${TAG}</body></html>`;

const engines = useEngines({ games: ['canvas2d'], pages: { 'keys-first.html': KEYS_FIRST } });

type Seen = { type: string; code: string; open: boolean; trusted: boolean };
const seen = (page: Page): Promise<Seen[]> => page.evaluate(() => (window as any).__game.log);
const held = (page: Page): Promise<string[]> => page.evaluate(() => (window as any).__game.held());

/** 14 keys: letters, digits, Space, Backspace (deletes the `d`), Enter (a new line), a full stop, and Tab. */
const KEYS = ['a', 'b', 'c', '1', '2', 'Space', 'd', 'Backspace', 'e', 'Enter', 'f', '3', 'Period', 'Tab'];

test('an engine with capture-phase window key listeners first: the form gets all 14 keys, the game none', async () => {
  const page = await (await engines.browser.newContext({ viewport: { width: 800, height: 600 } })).newPage();
  try {
    await page.goto(`${engines.server.url}/engines/keys-first.html`);
    await page.waitForFunction(() => (window as any).__game.frames > 10);
    await page.locator('canvas').click();
    // The player holds a key when opening the form: the game sees it released at once.
    await page.keyboard.down('ArrowRight');
    expect(await held(page)).toEqual(['ArrowRight']);
    await openForm(page, { shows: 'form' });
    // The engine saw the hotkey's key-down (its listener runs first) and gets its key-up too: nothing stays held.
    expect(await held(page)).toEqual([]);
    const before = (await seen(page)).length;
    await page.keyboard.up('ArrowRight');
    expect(await overlayEval(page, (root) => root.activeElement?.id)).toBe('gb-desc');
    for (const key of KEYS) await page.keyboard.press(key);
    const whileOpen = (await seen(page)).slice(before);
    expect(whileOpen, 'key events the game saw while the form was open').toEqual([]);
    expect(await inOverlay(page).locator('#gb-desc').inputValue()).toBe('abc12 e\nf3.');
    // Tab moved focus on from the description, inside the form's own document.
    const focused = await overlayEval(page, (root) => ({
      id: root.activeElement?.id ?? '',
      inForm: !!root.activeElement?.closest('dialog'),
    }));
    expect(focused.inForm).toBe(true);
    expect(focused.id).not.toBe('gb-desc');
    // Esc closes; the game's own keys work at once after.
    await page.keyboard.press('Escape');
    await overlay(page).waitFor({ state: 'detached' });
    expect((await seen(page)).slice(before).filter((s) => s.type !== 'keyup')).toEqual([]);
    await page.keyboard.press('KeyQ'); // no keypress: the engine's preventDefault on the key-down stops it
    expect((await seen(page)).filter((s) => s.code === 'KeyQ').map((s) => s.type)).toEqual(['keydown', 'keyup']);
    expect(await held(page)).toEqual([]);
  } finally {
    await page.context().close();
  }
}, 60_000);
