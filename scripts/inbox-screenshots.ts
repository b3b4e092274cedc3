// Takes the screenshots of the QA inbox (docs/inbox.png, docs/inbox-report.png, docs/inbox-phone.png): builds
// the page, starts a reference server on the demo project of `npm start` with a few more reports, files a
// realistic player report through the API, and photographs the page in Chromium, on a desktop and a phone.
// Run: npx tsx scripts/inbox-screenshots.ts
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../reference-server/src/server.ts';
import { loadFixtures } from '../reference-server/src/areas/admin/fixtures.ts';
import { CHROMIUM_ARGS, chromiumPath, paintMedia, submitReport } from '../test/helpers/inbox-report.ts';

const root = join(import.meta.dirname, '..');
const PROJECT = 'pr-4242';
const TOKEN = 'tkn-demo';

execFileSync(process.execPath, [join(root, 'reference-server/scripts/build-inbox.mjs')], { stdio: 'inherit' });

const doc = JSON.parse(readFileSync(join(root, 'scripts/demo-fixtures.json'), 'utf8'));
doc.projects[0].issues.push(
  {
    title: 'Music stops after pausing twice',
    description: 'Pause, resume, pause again: the soundtrack never comes back.',
    status: 'resolved',
    priority: 'low',
    created_at: '2025-06-10T09:12:00.000Z',
  },
  {
    title: 'Controller keeps vibrating after the ship explodes',
    description: 'The rumble continues on the game over screen until I unplug the pad.',
    status: 'in_progress',
    priority: 'medium',
    created_at: '2025-06-11T16:40:00.000Z',
  },
  {
    title: "Leaderboard shows yesterday's scores",
    description: 'The daily board did not roll over at midnight UTC.',
    status: 'open',
    priority: 'high',
    created_at: '2025-06-12T08:05:00.000Z',
  },
);

const server = await startServer({ port: 0, now: new Date('2025-06-12T14:30:00.000Z') });
loadFixtures(server.deps, doc);
const api = async (path: string, body: unknown, auth = `FormUser ${TOKEN}`) => {
  const response = await fetch(`${server.url}/projects/${PROJECT}${path}`, {
    method: 'POST',
    headers: {
      Authorization: auth,
      'Service-Project-ID': PROJECT,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
};
await api('/feature_requests.json', {
  feature_request: {
    title: 'A photo mode',
    description: 'Let me freeze the game and move the camera to take screenshots of the nebula.',
  },
});
await api(
  '/tickets.json',
  { ticket: { description: 'I was charged twice for the Deluxe Pack yesterday. Order GBX-20931.', priority: 'high' } },
  `FormUser ${TOKEN},email:mara@players.test`,
);

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1360, height: 860 }, deviceScaleFactor: 1 });
  page.setDefaultTimeout(10_000);
  await page.goto(`${server.url}/inbox/`);
  await page.getByLabel('Personal access token').fill('pat-demo-developer');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The demo developer belongs to one project: the inbox opens it without a picker.
  await page.getByText('Live', { exact: true }).waitFor();

  const media = await paintMedia(page, 1500);
  const report = await submitReport({
    baseUrl: server.url,
    projectId: PROJECT,
    token: TOKEN,
    reporterEmail: 'jonas@players.test',
    media,
    title: 'Ship slides into the dock hull on wave 3',
    description:
      'Docking at the nebula station after wave 3, the ship does not stop at the clamp: it slides halfway into ' +
      'the hull and stays stuck there. I had to restart the level.',
    steps: ['Start Arcade mode and clear wave 3', 'Fly to the nebula station', 'Dock while boosting (hold Shift)'],
    logs: [
      '14:29:01.112 INFO  boot Star Courier 1.0.0 (webgl2)',
      '14:29:03.480 INFO  level "Nebula Docks" loaded in 812 ms',
      '14:29:44.903 WARN  physics step took 48 ms (budget 16 ms)',
      '14:30:05.377 WARN  dock clamp missed: relative speed 9.4 > 6.0',
      '14:30:05.391 ERROR collider overlap: ship#7 inside dock#2 (depth 1.8)',
      '14:30:07.002 INFO  autosave skipped: player state invalid',
    ].join('\n'),
    trace: [
      { severity: 'info', description: '[+0.4s] Level "Nebula Docks" loaded' },
      { severity: 'info', description: '[+38.0s] Wave 3 cleared, score 12,480' },
      { severity: 'warning', description: '[+41.2s] Physics step took 48 ms' },
      { severity: 'warning', description: '[+63.8s] Dock clamp missed at 9.4 m/s' },
      { severity: 'danger', description: '[+63.9s] Ship collider overlaps the dock hull' },
    ],
    // The labelled lines the browser widget sends.
    device: [
      'OS: Windows 11 23H2',
      'Browser: Chrome 126.0.6478.127',
      'CPU: AMD Ryzen 7 5800X',
      'RAM: 32 GB',
      'GPU: NVIDIA GeForce RTX 3070',
      'Viewport: 1600x900',
      'Page: https://starcourier.example/play',
    ].join('\n'),
    custom: { level: 'Nebula Docks', game_mode: 'Arcade', reproducible: true },
  });
  const row = page.locator('.report-row', { hasText: report.title });
  await row.getByRole('link').click();
  await page.getByRole('heading', { level: 2, name: report.title }).waitFor();
  await page.getByTestId('annotation-layer').waitFor();
  await page.waitForFunction('Array.from(document.images).every((img) => img.complete)');
  await page.screenshot({ path: join(root, 'docs/inbox.png') });

  await page.setViewportSize({ width: 1360, height: 1500 });
  await page.evaluate('document.querySelector(".detail-pane").scrollIntoView()');
  await page.locator('.detail-pane').screenshot({ path: join(root, 'docs/inbox-report.png') });

  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true });
  await phone.goto(`${server.url}/inbox/`);
  await phone.getByLabel('Personal access token').fill('pat-demo-developer');
  await phone.getByRole('button', { name: 'Sign in' }).click();
  await phone.locator('.report-row', { hasText: report.title }).getByRole('link').click();
  await phone.getByRole('heading', { level: 2, name: report.title }).waitFor();
  await phone.screenshot({ path: join(root, 'docs/inbox-phone.png') });
  process.stdout.write('wrote docs/inbox.png, docs/inbox-report.png and docs/inbox-phone.png\n');
} finally {
  await browser.close();
  await server.close();
}
