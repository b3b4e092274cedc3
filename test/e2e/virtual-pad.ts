// A virtual standard gamepad for browser tests: the page's navigator.getGamepads answers from it and counts its
// reads, so a test waits for the widget to have read a press or a release instead of for a fixed time.
import type { Page } from 'playwright-core';

/** Installs the pad before any script of the page runs (call before goto). */
export async function installVirtualPad(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const buttons = Array.from({ length: 17 }, () => ({ pressed: false, value: 0, touched: false }));
    const pad = { index: 0, id: 'virtual', connected: true, mapping: 'standard', axes: [0, 0, 0, 0], buttons };
    const state = { pad, reads: 0 };
    (window as any).__pad = state;
    const getGamepads = () => {
      state.reads++;
      return [pad, null, null, null];
    };
    Object.defineProperty(navigator, 'getGamepads', { configurable: true, value: getGamepads });
  });
}

/**
 * Sets buttons down or up, then waits until the pad has been read twice since: while the overlay is open only the
 * widget reads it (the game's reads are answered with no pads), so by then the widget's poll has seen the change,
 * however long a loaded machine stretches its 100 ms.
 */
export async function setButtons(page: Page, buttons: number[], pressed: boolean): Promise<void> {
  const before = await page.evaluate(
    ([list, down]) => {
      const state = (window as any).__pad;
      for (const b of list as number[]) state.pad.buttons[b].pressed = down;
      return state.reads as number;
    },
    [buttons, pressed] as const,
  );
  await page.waitForFunction((n) => (window as any).__pad.reads >= n + 2, before, { polling: 20 });
}
