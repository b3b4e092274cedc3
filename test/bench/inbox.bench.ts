// The QA inbox with 10,000 issues, in Debian's Chromium against a reference server process: the time from
// navigation to the first painted rows of the list, and the time of one `j` step (from the key's input event to
// the frame after it), with the first page of 100 rows loaded and with 1,000. INBOX_BENCH_TRACE=1 prints each
// load's requests (start+duration ms), to see where a slow first paint went.
// Run: npm run bench -- inbox
import { chromium, type Page } from 'playwright-core';
import { ensureInboxBuilt } from '../helpers/inbox-build.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../helpers/inbox-report.ts';
import { PATS, PROJECT_ID } from '../helpers/seed.ts';
import { seedDatabase } from './issues.bench.ts';
import { startServerProcess } from './processes.ts';

const ISSUES = 10_000;
const LOADS = 7;
const STEPS = 60;

// Plain JavaScript, evaluated in the page before its own scripts: stamps the first frame that shows a row, and
// for each keydown the frame after it (rAF, then a task: the frame has been produced by then).
const PROBE = `(() => {
  sessionStorage.setItem('glitchbox.inbox.token', ${JSON.stringify(PATS.owner)});
  const afterFrame = (f) => requestAnimationFrame(() => setTimeout(f, 0));
  const seen = new MutationObserver(() => {
    if (!document.querySelector('.report-row')) return;
    seen.disconnect();
    afterFrame(() => { window.__firstRows = performance.now(); });
  });
  addEventListener('DOMContentLoaded', () => seen.observe(document.body, { childList: true, subtree: true }));
  window.__steps = [];
  addEventListener('keydown', (e) => {
    const start = e.timeStamp;
    afterFrame(() => window.__steps.push(performance.now() - start));
  }, true);
})()`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)];

async function steps(page: Page): Promise<number[]> {
  await page.evaluate('window.__steps = []; document.activeElement?.blur()');
  for (let i = 0; i < STEPS; i++) {
    await page.keyboard.press('j');
    await page.waitForFunction(`window.__steps.length >= ${i + 1}`);
  }
  return (await page.evaluate('window.__steps')) as number[];
}

export async function run() {
  ensureInboxBuilt();
  const { file } = seedDatabase(undefined, ISSUES);
  const server = await startServerProcess({ args: ['--db', file] });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    // bypassCSP: Playwright's string predicates are eval'd in the page, which the inbox's CSP forbids.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    await context.addInitScript(PROBE);
    const page = await context.newPage();
    const firstRows: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      // A fresh document each time: going to the same address with only a new hash would not reload it.
      await page.goto('about:blank');
      await page.goto(`${server.url}/inbox/#/p/${PROJECT_ID}`);
      await page.waitForFunction('window.__firstRows', undefined, { timeout: 20_000 });
      firstRows.push((await page.evaluate('window.__firstRows')) as number);
      if (process.env.INBOX_BENCH_TRACE)
        console.log(
          await page.evaluate(
            `performance.getEntriesByType('resource').map((e) => Math.round(e.startTime) + '+' + ` +
              `Math.round(e.duration) + ' ' + e.name.replace(location.origin, '')).join('\\n')`,
          ),
        );
    }
    const rows = await page.locator('.report-row').count();
    const at100 = await steps(page);
    for (let loaded = rows; loaded < 1000; loaded += 100) {
      await page.getByRole('button', { name: 'Load more issues' }).click();
      await page.locator('.report-row').nth(loaded).waitFor({ state: 'attached' });
    }
    const at1000 = await steps(page);
    return [
      {
        name: `inbox, ${ISSUES} issues: first painted rows (median of ${LOADS} loads)`,
        value: median(firstRows),
        unit: 'ms',
        target: '< 1000',
      },
      {
        name: `inbox, ${ISSUES} issues: first painted rows (first, cold load)`,
        value: firstRows[0],
        unit: 'ms',
        target: '< 1000',
      },
      { name: `inbox: rows in the first page`, value: rows, unit: 'rows' },
      { name: `inbox: j step, 100 rows loaded (median of ${STEPS})`, value: median(at100), unit: 'ms', target: '< 50' },
      { name: `inbox: j step, 100 rows loaded (95th percentile)`, value: p95(at100), unit: 'ms' },
      {
        name: `inbox: j step, 1,000 rows loaded (median of ${STEPS})`,
        value: median(at1000),
        unit: 'ms',
        target: '< 50',
      },
      { name: `inbox: j step, 1,000 rows loaded (95th percentile)`, value: p95(at1000), unit: 'ms' },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
