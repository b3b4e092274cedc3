// Our own pages are never a client's mistake: on a --strict server the QA inbox's calls (its event
// stream asks for text/event-stream, not JSON) and the /docs and /inbox pages are answered, and leave
// no finding in the conformance report. The device sign-in page is covered by device-sign-in-chromium.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PATS, PROJECT_ID } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { clientsFixture } from './fixture.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: clientsFixture(), strict: true });
});
afterAll(() => server.close());

it("answers the inbox's event stream and our pages on a --strict server, and reports none of it", async () => {
  // As reference-server/inbox/src/sse.ts asks for it: the inbox's API headers, Accept: text/event-stream.
  const controller = new AbortController();
  const stream = await fetch(`${server.url}/projects/${PROJECT_ID}/events?since=1970-01-01T00%3A00%3A00.000Z`, {
    headers: {
      Authorization: `Bearer ${PATS.developer}`,
      'Service-Project-ID': PROJECT_ID,
      Accept: 'text/event-stream',
    },
    signal: controller.signal,
  });
  expect(stream.status).toBe(200);
  expect(stream.headers.get('content-type')).toContain('text/event-stream');
  controller.abort();
  for (const page of ['/docs', '/inbox/']) expect((await fetch(server.url + page)).status, page).toBe(200);
  const report = (await server.request('GET', '/__admin/conformance')).body;
  expect(report.clients.flatMap((c: any) => c.findings)).toEqual([]);
});
