// Shared steps of the QA inbox browser tests: sign in with a personal access token, and run axe-core
// (WCAG 2.1 A/AA and best practices) on the page as it stands.
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
