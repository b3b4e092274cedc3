// The player's report in a browser test: the hotkey (or the page's own button), the form and what it shows first,
// the description, Send, and the one issue that arrives. The engine tests (test/engines/) and e2e tests use it.
import type { Frame, Page } from 'playwright-core';
import { expect } from 'vitest';
import { inOverlay, issuesWith, overlay } from '../e2e/harness.ts';
import { outcome } from './outcome.ts';
import type { TestServer } from './server.ts';

export interface OpenOptions {
  /** The frame whose tag opens the form (a game in an iframe); the page by default. */
  game?: Frame;
  /** How the player opens it; F8, the engine pages' hotkey, by default. */
  open?: () => Promise<void>;
  /**
   * What the form shows before the player writes: the grabbed picture (default), the offer to choose an image
   * file in place of a picture it declined, or only the form (no wait for either).
   */
  shows?: 'picture' | 'file-offer' | 'form';
  /** How long the picture or the offer may take, in ms (15 s by default: software rendering on a loaded machine). */
  timeout?: number;
}

/** Opens the form the player's way and waits for what it must show. */
export async function openForm(page: Page, options: OpenOptions = {}): Promise<void> {
  const where = options.game ?? page;
  await (options.open ? options.open() : page.keyboard.press('F8'));
  await overlay(where).waitFor();
  const timeout = options.timeout ?? 15_000;
  const shows = options.shows ?? 'picture';
  if (shows === 'picture') await inOverlay(where).locator('img.gb-thumb').waitFor({ timeout });
  if (shows === 'file-offer') {
    await inOverlay(where).locator('.gb-hint', { hasText: 'choose an image file' }).waitFor({ timeout });
    expect(await inOverlay(where).locator('img.gb-thumb').count(), 'no picture beside the offer').toBe(0);
    expect(await inOverlay(where).locator('#gb-file').count()).toBe(1);
  }
}

export interface ReportOptions extends OpenOptions {
  /** What follows the marker in the description (`<marker>: <text>`); `look` by default. */
  text?: string;
  /** Typed key by key into the description (real key events, as a player types) instead of filled in. */
  typed?: boolean;
  /** Run while the form is open, before the player writes (e.g. reading what the open cost the game). */
  whileOpen?: () => Promise<void>;
  /** `queued` counts beside `sent`: on a loaded machine delivery may outlast the form's wait, but must arrive. */
  queuedIsFine?: boolean;
}

/**
 * Opens the form, writes `<marker>: <text>`, sends, waits for the form's outcome and returns the one issue whose
 * description carries the marker (failing when none or two arrive).
 */
export async function reportFromGame(
  page: Page,
  server: TestServer,
  marker: string,
  options: ReportOptions = {},
): Promise<any> {
  const where = options.game ?? page;
  await openForm(page, options);
  await options.whileOpen?.();
  const description = `${marker}: ${options.text ?? 'look'}`;
  const field = inOverlay(where).locator('#gb-desc');
  if (options.typed) {
    await field.click();
    await page.keyboard.type(description);
    expect(await field.inputValue()).toBe(description);
  } else await field.fill(description);
  await inOverlay(where).locator('#gb-send').click();
  const delivered = options.queuedIsFine ? /^(sent|queued)$/ : /^sent$/;
  await expect.poll(async () => String(await outcome(inOverlay(where))), { timeout: 30_000 }).toMatch(delivered);
  await expect.poll(async () => (await issuesWith(server, marker)).length, { timeout: 60_000 }).toBeGreaterThan(0);
  const issues = await issuesWith(server, marker);
  expect(issues, 'the report arrives once').toHaveLength(1);
  return issues[0];
}
