// The first form's unseen paint while closed (docs/widget.md#the-forms-own-document): the page is paused while the
// hidden frame is painted, and the browser's own hit test, focus and accessibility tree must not find the form.
import type { Browser, CDPSession } from 'playwright-core';
import { expect, test } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import { inOverlay, overlay, useDemoGame } from './harness.ts';

let server: TestServer;
let browser: Browser;
useDemoGame((started, launched) => {
  server = started;
  browser = launched;
});

/** In the page from its start: on the second animation frame in which the closed frame is painted (visible, still
 * `hidden`), stops at a `debugger` statement, so the checks run while the painted form is in the page. */
function pauseInUnseenPaint(): void {
  let painted = 0;
  const watch = () => {
    const frame = document.querySelector('iframe[data-glitchbox][hidden]');
    if (frame && getComputedStyle(frame).visibility === 'visible' && ++painted === 2) {
      (window as any).__pausedInPaint = true;
      // biome-ignore lint/suspicious/noDebugger: the test's CDP session pauses the page here on purpose.
      debugger;
    }
    requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
}

/** The node the browser's hit test finds at a point of the page (as a click there would), and its frame. */
async function hitAt(cdp: CDPSession, x: number, y: number): Promise<{ node: string; inMainFrame: boolean }> {
  const { frameTree } = await cdp.send('Page.getFrameTree');
  const hit = await cdp.send('DOM.getNodeForLocation', { x: Math.round(x), y: Math.round(y) });
  const { node } = await cdp.send('DOM.describeNode', { backendNodeId: hit.backendNodeId });
  const id = node.attributes?.[node.attributes.indexOf('id') + 1];
  return { node: `${node.nodeName}${id ? `#${id}` : ''}`, inMainFrame: hit.frameId === frameTree.frame.id };
}

/** What the browser's accessibility tree gives assistive technology of the overlay's frame: its unignored nodes,
 * in the game's page (the iframe element) and in the frame's own document, as `role: name`. */
async function announced(cdp: CDPSession): Promise<string[]> {
  const { frameTree } = await cdp.send('Page.getFrameTree');
  const named = async (frameId: string) =>
    (await cdp.send('Accessibility.getFullAXTree', { frameId })).nodes
      .filter((n) => !n.ignored)
      .map((n) => `${n.role?.value}: ${n.name?.value ?? ''}`);
  const inFrames = await Promise.all((frameTree.childFrames ?? []).map((c) => named(c.frame.id)));
  return [
    ...(await named(frameTree.frame.id)).filter((n) => n.startsWith('Iframe')),
    ...inFrames.flat().filter((n) => /^(dialog|textbox|button|heading)/.test(n)),
  ];
}

test('the first form, painted unseen while closed, is not hit, focused or announced, and opens at the key', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(pauseInUnseenPaint);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Debugger.enable');
  await cdp.send('DOM.enable');
  await cdp.send('Accessibility.enable');
  const paused = new Promise((resolve) => cdp.once('Debugger.paused', resolve));
  await page.goto(`${server.url}/demo/index.html?test=1`);
  await paused;

  const { result } = await cdp.send('Runtime.evaluate', {
    returnByValue: true,
    expression: `(() => {
      const frame = document.querySelector('iframe[data-glitchbox]');
      const style = getComputedStyle(frame);
      const send = frame.contentDocument.getElementById('gb-send').getBoundingClientRect();
      const box = frame.getBoundingClientRect();
      return {
        paused: window.__pausedInPaint === true,
        visibility: style.visibility,
        opacity: Number(style.opacity),
        pointerEvents: style.pointerEvents,
        hidden: frame.hidden,
        inert: frame.inert,
        ariaHidden: frame.getAttribute('aria-hidden'),
        topLayer: frame.matches(':popover-open'),
        focused: document.activeElement === frame || frame.contentDocument.hasFocus(),
        sendShown: send.width > 0 && send.height > 0,
        points: [[box.left + box.width / 2, box.top + box.height / 2], [send.left + send.width / 2, send.top + 4]],
      };
    })()`,
  });
  const state = result.value;
  // Painted (visible to the paint step, laid out with its Send button) at an opacity no screen shows, and no more.
  expect(state).toMatchObject({
    paused: true,
    visibility: 'visible',
    pointerEvents: 'none',
    hidden: true,
    inert: true,
    ariaHidden: 'true',
    topLayer: true,
    focused: false,
    sendShown: true,
  });
  expect(state.opacity).toBeGreaterThan(0);
  expect(state.opacity).toBeLessThan(0.001);
  // A click over the form, even on its Send button, is the game's.
  for (const [x, y] of state.points)
    expect(await hitAt(cdp, x, y)).toMatchObject({ inMainFrame: true, node: expect.not.stringMatching(/IFRAME/) });
  // Nothing of the form is in the accessibility tree the browser gives assistive technology.
  expect(await announced(cdp)).toEqual([]);

  await cdp.send('Debugger.resume');
  await cdp.send('Debugger.disable');
  // Hidden again after the paint, and the key shows that form.
  await page.waitForFunction(() => {
    const frame = document.querySelector('iframe[data-glitchbox]');
    return frame && getComputedStyle(frame).visibility === 'hidden';
  });
  await page.waitForFunction(() => (window as any).__game?.state.frame > 5);
  await page.locator('#game').focus();
  await page.keyboard.press('F8');
  await overlay(page).waitFor();
  await expect
    .poll(() =>
      inOverlay(page)
        .locator('#gb-desc')
        .evaluate((el) => el.ownerDocument.activeElement === el),
    )
    .toBe(true);
  // The same look finds the form once it is open.
  expect(await announced(cdp)).toEqual(
    expect.arrayContaining(['Iframe: Glitchbox', 'dialog: Report a problem', 'button: Send report']),
  );
  await context.close();
});
