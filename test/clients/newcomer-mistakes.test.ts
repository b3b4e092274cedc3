// A newcomer's client makes the 32 common mistakes (newcomer.ts) against a default and a --strict server:
// each is answered with an error that says what to do, or filed in the conformance report with its rule,
// or both; a refused request is never "tolerated"; under --strict a shape is a 400 naming its rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFORMANCE_RULES } from '../../reference-server/src/http/conformance-rules.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { PROJECT_ID } from '../helpers/seed.ts';
import { MISTAKES, NEWCOMER_AGENT, newcomerFixture, PNG, prepareDraft, type Mistake } from './newcomer.ts';
import { prepareApi, send, type WireResponse } from './replay.ts';

const isShape = (m: Mistake) => m.rule !== null && CONFORMANCE_RULES[m.rule].kind === 'shape';

for (const strict of [false, true]) {
  describe(`a newcomer's 32 mistakes, ${strict ? '--strict' : 'default mode'}`, () => {
    let server: TestServer;
    const answers = new Map<Mistake, { path: string; response: WireResponse }>();
    beforeAll(async () => {
      server = await startTestServer({ seed: newcomerFixture(), strict });
    });
    afterAll(() => server.close());

    it('has 32 mistakes, each told by an error answer, a rule, or both', () => {
      expect(MISTAKES).toHaveLength(32);
      for (const m of MISTAKES) expect(m.rule !== null || (m.status >= 400 && m.error), m.name).toBeTruthy();
    });

    for (const mistake of MISTAKES) {
      const refusedHere = strict && isShape(mistake);
      const outcome = refusedHere
        ? `400 naming ${mistake.rule}`
        : `${mistake.status}${mistake.rule ? `, filed as ${mistake.rule}` : ''}`;
      it(`${mistake.name}: ${outcome}`, async () => {
        const ctx = mistake.needsDraft ? await prepareDraft(prepareApi(server.url, PROJECT_ID)) : {};
        const request = mistake.request(ctx);
        const response = await send(server.url, request);
        answers.set(mistake, { path: request.path.split('?')[0], response });
        if (refusedHere) {
          expect(response.status, response.text).toBe(400);
          expect(response.body.error).toContain(`rule "${mistake.rule}"`);
          return;
        }
        expect(response.status, response.text).toBe(mistake.status);
        if (mistake.error) expect(response.body.error).toContain(mistake.error);
      });
    }

    it('files every mistake with a rule under it, refused when the answer was an error', async () => {
      const report = (await server.request('GET', '/__admin/conformance')).body;
      const newcomer = report.clients.filter((c: any) => c.user_agent === NEWCOMER_AGENT);
      const findings = newcomer.flatMap((c: any) => c.findings);
      for (const mistake of MISTAKES.filter((m) => m.rule !== null)) {
        const answer = answers.get(mistake)!;
        const outcome = answer.response.status >= 400 ? 'refused' : 'tolerated';
        const filed = findings.filter((f: any) => f.rule === mistake.rule && f.outcome === outcome);
        const examples = filed.flatMap((f: any) => f.examples.map((e: any) => e.path));
        expect(examples, `${mistake.name} (${mistake.rule}, ${outcome})`).toContain(answer.path);
      }
      // A refused request is never tolerated, and every client shows its answers by status class.
      for (const client of newcomer) {
        const failed = (client.statuses['4xx'] ?? 0) + (client.statuses['5xx'] ?? 0);
        expect(client.refused).toBe(failed);
        for (const f of client.findings)
          for (const e of f.examples) expect(e.status >= 400).toBe(f.outcome === 'refused');
      }
    });

    it('names every unknown parameter of a request in one finding', async () => {
      const report = (await server.request('GET', '/__admin/conformance')).body;
      const details = report.clients
        .filter((c: any) => c.user_agent === NEWCOMER_AGENT)
        .flatMap((c: any) => c.findings.filter((f: any) => f.rule === 'unknown-parameter'))
        .flatMap((f: any) => f.examples.map((e: any) => e.detail));
      expect(details).toContainEqual(expect.stringMatching(/"issue\[descripton\]", "issue\[titel\]"/));
    });

    it('types a feature-request file labelled application/octet-stream by its bytes, as issue media', async () => {
      const body = new FormData();
      body.append('feature_request[description]', 'Let me attach a mock-up of the cargo screen to this idea.');
      body.append('feature_request[files][]', new Blob([PNG], { type: 'application/octet-stream' }), 'mockup.png');
      const r = await send(server.url, {
        method: 'POST',
        path: `/projects/${PROJECT_ID}/feature_requests.json`,
        headers: {
          'User-Agent': 'suggestion-box',
          Accept: 'application/json',
          'Service-Project-ID': PROJECT_ID,
          Authorization: 'FormUser tkn-all',
        },
        body,
      });
      if (strict) {
        expect(r.status).toBe(400);
        expect(r.body.error).toContain('rule "media-type-mislabelled"');
      } else {
        expect(r.status, r.text).toBe(201);
        expect(r.body.files.map((f: any) => f.content_type)).toEqual(['image/png']);
      }
      const report = (await server.request('GET', '/__admin/conformance')).body;
      const client = report.clients.find((c: any) => c.user_agent === 'suggestion-box');
      expect(client.findings.map((f: any) => [f.rule, f.example.detail])).toEqual([
        [
          'media-type-mislabelled',
          'feature_request[files][] sent as application/octet-stream; its bytes are image/png',
        ],
      ]);
    });

    it('never calls a client whose requests failed "all canonical" on the page', async () => {
      const page = await (
        await fetch(`${server.url}/__admin/conformance`, { headers: { Accept: 'text/html' } })
      ).text();
      const section = page.split('<section>').find((s) => s.includes('bearer_project_token'));
      expect(section).toBeDefined();
      expect(section).toContain('answered 4xx');
      expect(section).not.toContain('all canonical');
    });
  });
}
