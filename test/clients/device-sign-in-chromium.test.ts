// Device sign-in with a real browser: the game (a poll loop written as the Unity plugin's) opens the
// approval page in Debian's Chromium, the player types a personal access token and approves, and
// the game receives a token acting as that player. Denying from the page ends the loop with an error. On a
// --strict server the page is ours, not a client's: its form is never refused nor reported.
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath } from '../helpers/inbox-report.ts';
import { PATS, PROJECT_ID } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { clientsFixture } from './fixture.ts';
import { unityDeviceSignIn } from './unity-device-auth.ts';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer({ seed: clientsFixture() });
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * The game's sign-in loop, its approval page opened in `page` and worked by `onPage` (the player's steps): the
 * loop's result and what the page said at the end (its status line).
 */
async function signInThroughPage(
  endpoint: string,
  page: Page,
  entityName: string,
  onPage: () => Promise<void>,
): Promise<{ result: Awaited<ReturnType<typeof unityDeviceSignIn>>; said: string | undefined }> {
  let browserFlow: Promise<string> | undefined;
  const result = await unityDeviceSignIn({
    endpoint,
    projectId: PROJECT_ID,
    entityName,
    pollIntervalMs: 100,
    timeoutMs: 20_000,
    openUrl: (url) => {
      browserFlow = (async () => {
        await page.goto(url);
        await onPage();
        return (await page.locator('[role=status]').textContent()) ?? '';
      })();
    },
  });
  return { result, said: await browserFlow };
}

/** The player types a token and presses Approve or Deny. */
async function answer(page: Page, token: string, button: 'approve' | 'deny'): Promise<void> {
  await page.fill('input[name=personal_access_token]', token);
  await page.click(`button[value=${button}]`);
}

it('signs the player in after they approve on the page in Chromium', async () => {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const { result, said } = await signInThroughPage(server.url, page, 'Star Courier', async () => {
    await expect.poll(() => page.locator('h1').textContent()).toBe('Sign in to Star Courier');
    // A wrong token keeps the player on the page with the reason.
    await answer(page, 'pat-wrong', 'approve');
    await expect.poll(() => page.locator('[role=alert]').textContent()).toBe('Invalid personal access token.');
    await answer(page, PATS.tester, 'approve');
  });
  expect(said).toBe('Signed in as Tess Tester. You can return to Star Courier.');
  expect(result).toMatchObject({ state: 'signed_in', userName: 'Tess Tester', token: expect.any(String) });
  const me = await server.request('POST', '/auth/verify', { auth: `Bearer ${result.token}` });
  expect(me.body).toMatchObject({ valid: true, user: { name: 'Tess Tester' } });
  expect(errors).toEqual([]);
  await page.close();
});

it("ends the game's loop with the refusal when the player denies on the page", async () => {
  const page = await browser.newPage();
  const { result, said } = await signInThroughPage(server.url, page, '<b>Star</b> Courier', async () => {
    // The game's name is text, never markup.
    expect(await page.locator('h1').textContent()).toBe('Sign in to <b>Star</b> Courier');
    await answer(page, PATS.tester, 'deny');
  });
  expect(said).toContain('You declined the sign-in.');
  expect(result).toMatchObject({ state: 'error', error: 'The player declined this sign-in.' });
  await page.close();
});

it('approves from the page on a --strict server: the poll returns the token and the report names no page request', async () => {
  const strict = await startTestServer({ seed: clientsFixture(), strict: true });
  const page = await browser.newPage();
  try {
    const { result, said } = await signInThroughPage(strict.url, page, 'Star Courier', () =>
      answer(page, PATS.tester, 'approve'),
    );
    expect(said).toBe('Signed in as Tess Tester. You can return to Star Courier.');
    expect(result).toMatchObject({ state: 'signed_in', userName: 'Tess Tester', token: expect.any(String) });
    const report = (await strict.request('GET', '/__admin/conformance')).body;
    const paths = report.clients.flatMap((c: any) =>
      c.findings.flatMap((f: any) => f.examples.map((e: any) => e.path)),
    );
    expect(paths.filter((p: string) => p.endsWith('/authorize'))).toEqual([]);
  } finally {
    await page.close();
    await strict.close();
  }
});
