// Takes the README picture of the in-game overlay (docs/overlay.png): builds the widget, serves the
// demo game and the widget from a reference server on the demo project, presses F8 in Chromium.
// Run: npx tsx scripts/overlay-screenshot.ts
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '../test/helpers/chromium.ts';
import { startTestServer } from '../test/helpers/server.ts';
import { ensureWidgetBuilt } from '../test/widget/build-once.ts';

const root = join(import.meta.dirname, '..');
const dist = await ensureWidgetBuilt();
const server = await startTestServer({
  seed: false,
  staticDirs: [
    { prefix: '/demo', dir: join(root, 'demo') },
    { prefix: '/widget', dir: dist },
  ],
});
server.fixtures(JSON.parse(readFileSync(join(root, 'scripts/demo-fixtures.json'), 'utf8')));
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 }, deviceScaleFactor: 1 });
  page.setDefaultTimeout(15_000);
  await page.goto(`${server.url}/demo/index.html`);
  await page.waitForFunction(() => (window as any).__game?.state.frame > 240);
  await page.keyboard.press('F8');
  await page.locator('[data-glitchbox] dialog').waitFor();
  await page.locator('[data-glitchbox] img.gb-thumb').waitFor();
  await page.locator('#gb-desc').fill('The ship clips through the red rock when I boost into it.');
  await page.locator('#gb-steps').fill('1. Start level 1\n2. Hold Shift and fly into the rock');
  await page.locator('[data-glitchbox] img.gb-thumb').scrollIntoViewIfNeeded();
  await page.waitForFunction('Array.from(document.images).every((img) => img.complete)');
  await page.screenshot({ path: join(root, 'docs/overlay.png') });
  process.stdout.write('wrote docs/overlay.png\n');
} finally {
  await browser.close();
  await server.close();
}
