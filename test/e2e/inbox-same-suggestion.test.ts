// A suggestion sent with "Same problem" names a feature request (glitchbox_same_as = its g-<id>); the QA inbox
// (Debian's Chromium, real server) links it to that feature request with its title and status, never to an issue.
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureInboxBuilt } from '../helpers/inbox-build.ts';
import { axeViolations, signIn } from '../helpers/inbox-page.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../helpers/inbox-report.ts';
import { PATS, PROJECT_ID, TOKENS } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let browser: Browser;

async function file(kind: 'issues' | 'feature_requests', title: string, custom?: Record<string, string>) {
  const body = { title, description: `${title}: the kind of thing a player asks for twice.`, custom };
  const res = await server.request('POST', `/projects/${PROJECT_ID}/${kind}.json`, {
    auth: kind === 'issues' ? `Bearer ${PATS.owner}` : `FormUser ${TOKENS.all}`,
    json: kind === 'issues' ? { issue: body } : { feature_request: body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; scoped_id: number; title: string };
}

beforeAll(async () => {
  ensureInboxBuilt();
  server = await startTestServer();
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('links a suggestion\'s "Same problem" to the feature request it names, with its title and status', async () => {
  // An issue with the same g-<id> as the feature request: the link must not land on it.
  const issue = await file('issues', 'Docking clamps never release');
  const named = await file('feature_requests', 'Add a photo mode');
  const same = await file('feature_requests', 'Photo mode with a free camera', { glitchbox_same_as: `g-${named.id}` });
  expect(issue.id).toBe(named.id);
  await server.request('POST', `/projects/${PROJECT_ID}/feature_requests/g-${named.id}/publish`, {
    auth: `Bearer ${PATS.owner}`,
  });

  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}/inbox/`);
  await signIn(page, PATS.owner);
  await page.goto(`${server.url}/inbox/#/p/${PROJECT_ID}/feature_request/g-${same.id}`);
  const section = page.locator('section[aria-labelledby="same-as-heading"]');
  const link = section.getByRole('link', { name: `#${named.scoped_id} Add a photo mode` });
  await link.waitFor({ timeout: 10_000 });
  expect(await section.locator('h3').textContent()).toBe('The player says: same suggestion as');
  expect(await link.getAttribute('href')).toBe(`#/p/${PROJECT_ID}/feature_request/g-${named.id}`);
  expect(await section.locator('.muted').textContent()).toMatch(/^ · \S/);
  // Feature requests are not merged (the API archives issues only): no button.
  expect(await section.getByRole('button').count()).toBe(0);
  expect(await axeViolations(page)).toEqual([]);

  await link.click();
  await page.getByRole('heading', { level: 2, name: 'Add a photo mode' }).waitFor();
  expect(await page.locator('.report-head .eyebrow').textContent()).toBe(`Feature request #${named.scoped_id}`);
  expect(errors).toEqual([]);
  await page.context().close();
}, 60_000);
