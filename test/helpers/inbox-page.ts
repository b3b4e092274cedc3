// Shared steps of the QA inbox browser tests: sign in with a personal access token, and run axe-core
// (WCAG 2.1 A/AA and best practices) on the page as it stands, and measure what reaches past a phone's edges.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const axeSource = join(import.meta.dirname, '../../node_modules/axe-core/axe.min.js');

export async function signIn(page: Page, token: string): Promise<void> {
  await page.getByLabel('Personal access token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Live', { exact: true }).waitFor();
}

export async function axeViolations(page: Page): Promise<Array<{ id: string; nodes: unknown[] }>> {
  if (!(await page.evaluate('typeof window.axe'))?.toString().includes('object'))
    await page.evaluate(readFileSync(axeSource, 'utf8'));
  const result = (await page.evaluate(
    `axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] })`,
  )) as { passes: unknown[]; violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> };
  expect(result.passes.length).toBeGreaterThan(10);
  return result.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target) }));
}

/**
 * Every rendered element whose box reaches past the viewport's left or right edge, skipping those clipped by a
 * scrolling or clipping ancestor (a log's own scroll box) and visually hidden ones (the screen-reader text).
 */
export const OVERFLOWING = `(() => {
  const width = document.documentElement.clientWidth;
  const clipped = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (s.overflowX !== 'visible' || s.clip !== 'auto') return true;
    }
    return false;
  };
  const out = [];
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || el.closest('.sr-only') || clipped(el)) continue;
    if (r.left < -0.5 || r.right > width + 0.5)
      out.push(el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + '.' + el.className + ' ' + Math.round(r.left) +
        '..' + Math.round(r.right));
  }
  return { out, scrollWidth: document.documentElement.scrollWidth, width };
})()`;
