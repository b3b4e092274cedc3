// A 60 MB parameter name, sent without a credential as a form body and as a multipart field name,
// is refused with 413 before it is parsed, and leaves the conformance report under its stated
// 1 MiB (docs/security.md#caps-and-limits).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const MB = 1024 * 1024;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it('refuses 60 MB parameter names with 413 and keeps /__admin/conformance under 1 MiB', async () => {
  const name = 'p'.repeat(60 * MB);
  const form = await fetch(`${server.url}/device_auth/create`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: `${name}=1`,
  });
  expect(form.status).toBe(413);
  expect((await form.json()).error).toMatch(/8 MB/);

  const boundary = 'glitchbox-name-boundary';
  const multipart = await fetch(`${server.url}/device_auth/create`, {
    method: 'POST',
    headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, Accept: 'application/json' },
    body: `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n1\r\n--${boundary}--\r\n`,
  });
  expect(multipart.status).toBe(413);
  expect((await multipart.json()).error).toEqual(expect.any(String));

  const report = await fetch(`${server.url}/__admin/conformance`);
  expect(report.status).toBe(200);
  expect((await report.arrayBuffer()).byteLength).toBeLessThan(MB);
});
