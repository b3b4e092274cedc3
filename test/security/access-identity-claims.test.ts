// Identity claims: `FormUser <token>,email:<address>` is typed by whoever holds the game's token,
// so it links a new report to that virtual user and proves nothing more. Earlier reports need the
// draft's JWT, a submission token or a team role. A draft JWT reaches only its own issue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from '../helpers/media.ts';
import { ALL_FLAGS, PATS, PROJECT_ID, seedDocument, TOKENS } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
const ALICE = 'alice@players.test';
const BUGS_ONLY = 'tkn-bugs-only';
const owner = `Bearer ${PATS.owner}`;

/** What Alice made through the game, as `FormUser tkn-all,email:alice@…`. */
const alice = { issue: '', issueJwt: '', frId: 0, frJwt: '', ticket: '', attachment: 0, openFr: 0 };

beforeAll(async () => {
  const seed = seedDocument({
    project: {
      tokens: [
        { token: TOKENS.all, ...ALL_FLAGS },
        { token: TOKENS.none },
        { token: BUGS_ONLY, can_create_bug_report: true },
      ],
    },
  });
  server = await startTestServer({ seed });
  const auth = `FormUser ${TOKENS.all},email:${ALICE}`;
  const issue = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
    auth,
    json: {
      draft: true,
      issue: { title: 'ALICE-PRIVATE draft', description: 'My ship loses its cargo after every warp jump.' },
    },
  });
  expect(issue.status).toBe(201);
  alice.issue = `/projects/${PROJECT_ID}/issues/g-${issue.body.id}`;
  alice.issueJwt = issue.body.token;
  expect(
    (
      await server.request('POST', `${alice.issue}/screenshots`, {
        auth: `Bearer ${alice.issueJwt}`,
        multipart: shot(),
      })
    ).status,
  ).toBe(201);

  const fr = await server.request('POST', `/projects/${PROJECT_ID}/feature_requests.json`, {
    auth,
    json: { draft: true, feature_request: { description: 'ALICE-PRIVATE idea: a cargo radar.' } },
  });
  expect(fr.status).toBe(201);
  alice.frId = fr.body.id;
  alice.frJwt = fr.body.token;
  const openFr = await server.request('POST', `/projects/${PROJECT_ID}/feature_requests.json`, {
    auth,
    json: { feature_request: { description: 'A public wish for docking music.' } },
  });
  alice.openFr = openFr.body.id;

  const form = new FormData();
  form.append('ticket[description]', 'ALICE-PRIVATE: I was charged twice for the season pass.');
  form.append('ticket[attachments][]', new Blob(['receipt 4711'], { type: 'text/plain' }), 'receipt.txt');
  const ticket = await server.request('POST', `/projects/${PROJECT_ID}/tickets.json`, { auth, multipart: form });
  expect(ticket.status).toBe(201);
  alice.ticket = `/projects/${PROJECT_ID}/tickets/${ticket.body.id}`;
  alice.attachment = ticket.body.attachments[0].id;
});
afterAll(() => server.close());

function shot() {
  const form = new FormData();
  form.append('screenshot[image]', new Blob([PNG], { type: 'image/png' }), 'shot.png');
  return form;
}

describe('an email claim in the header', () => {
  const claims = [
    `FormUser ${TOKENS.all},email:${ALICE}`,
    `FormUser ${TOKENS.none},email:${ALICE}`,
    `FormUser anonymous,email:${ALICE}`,
  ];

  it("reads none of Alice's earlier reports: draft, media, ticket, attachment bytes, draft request", async () => {
    const reads: string[] = [];
    for (const auth of claims) {
      const answers = {
        issue: await server.request('GET', `${alice.issue}.json`, { auth }),
        screenshots: await server.request('GET', `${alice.issue}/screenshots.json`, { auth }),
        list: await server.request('GET', `/projects/${PROJECT_ID}/issues.json?status=any`, { auth }),
        ticket: await server.request('GET', `${alice.ticket}.json`, { auth }),
        attachment: await server.request('GET', `${alice.ticket}/attachments/${alice.attachment}`, { auth }),
        ticketSearch: await server.request('GET', `/projects/${PROJECT_ID}/tickets/search.json?query=charged`, {
          auth,
        }),
        featureRequest: await server.request('GET', `/projects/${PROJECT_ID}/feature_requests/${alice.frId}.json`, {
          auth,
        }),
        featureRequests: await server.request('GET', `/projects/${PROJECT_ID}/feature_requests.json?sort=new`, {
          auth,
        }),
      };
      for (const [what, r] of Object.entries(answers)) {
        const text = typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
        if (r.status < 300 && (text.includes('ALICE-PRIVATE') || text.includes('receipt 4711')))
          reads.push(`${auth} ${what}`);
        expect(r.status, `${auth} ${what}`).toBeLessThan(500);
      }
    }
    expect(reads).toEqual([]);
  });

  it("writes none of them: no edit, publish, contact or media on Alice's draft, ticket or request", async () => {
    for (const auth of claims) {
      const writes = {
        update: await server.request('PATCH', `${alice.issue}.json`, { auth, json: { issue: { title: 'pwned' } } }),
        publish: await server.request('POST', `${alice.issue}/publish`, { auth, json: {} }),
        contact: await server.request('POST', `${alice.issue}/set_contact_info`, {
          auth,
          json: { email: 'mallory@evil.test' },
        }),
        reporterEmail: await server.request('POST', `${alice.issue}/set_reporter_email`, {
          auth,
          json: { email: 'mallory@evil.test' },
        }),
        media: await server.request('POST', `${alice.issue}/screenshots`, { auth, multipart: shot() }),
        ticket: await server.request('PATCH', `${alice.ticket}.json`, { auth, json: { ticket: { status: 'closed' } } }),
        frPublish: await server.request('POST', `/projects/${PROJECT_ID}/feature_requests/${alice.frId}/publish`, {
          auth,
          json: {},
        }),
        frContact: await server.request(
          'POST',
          `/projects/${PROJECT_ID}/feature_requests/${alice.frId}/set_contact_info`,
          { auth, json: { email: 'mallory@evil.test' } },
        ),
        openFrContact: await server.request(
          'POST',
          `/projects/${PROJECT_ID}/feature_requests/${alice.openFr}/set_contact_info`,
          { auth, json: { email: 'mallory@evil.test' } },
        ),
      };
      for (const [what, r] of Object.entries(writes))
        expect([401, 403, 404], `${auth} ${what}: ${JSON.stringify(r.body)}`).toContain(r.status);
    }
    const issue = await server.request('GET', `${alice.issue}.json`, { auth: owner });
    expect(issue.body).toMatchObject({ status: 'hidden', title: 'ALICE-PRIVATE draft' });
    expect(issue.body.screenshots).toHaveLength(1);
    expect((await server.request('GET', `${alice.ticket}.json`, { auth: owner })).body.status).toBe('new');
    const fr = await server.request('GET', `/projects/${PROJECT_ID}/feature_requests/${alice.frId}.json`, {
      auth: owner,
    });
    expect(fr.body.status).toBe('hidden');
    const notes = (await server.request('GET', '/__admin/notifications')).body.notifications as Array<{
      recipient_email: string | null;
    }>;
    expect(notes.filter((n) => n.recipient_email === 'mallory@evil.test')).toEqual([]);
  });

  it('still links a new report to the same virtual user', async () => {
    const created = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
      auth: `FormUser ${TOKENS.all},email:${ALICE}`,
      json: { issue: { description: 'The hangar lights flicker in the second sector.' } },
    });
    expect(created.status).toBe(201);
    const mine = await server.request('GET', `${alice.issue}.json`, { auth: owner });
    const linked = await server.request('GET', `/projects/${PROJECT_ID}/issues/g-${created.body.id}.json`, {
      auth: owner,
    });
    expect(linked.body.reported_by.id).toBe(mine.body.reported_by.id);
    expect(linked.body.reported_by.id).not.toBeNull();
  });
});

describe('what does prove it', () => {
  it("lets Alice's own draft JWT and the team read and publish her draft", async () => {
    expect((await server.request('GET', `${alice.issue}.json`, { auth: `Bearer ${alice.issueJwt}` })).status).toBe(200);
    expect(
      (
        await server.request('GET', `/projects/${PROJECT_ID}/feature_requests/${alice.frId}.json`, {
          auth: `Bearer ${alice.frJwt}`,
        })
      ).status,
    ).toBe(200);
    expect((await server.request('GET', `${alice.ticket}.json`, { auth: `Bearer ${PATS.support}` })).status).toBe(200);
  });

  it('lets an unspent submission token for her address read her draft, but not a spent one', async () => {
    const made = await server.request('POST', `/projects/${PROJECT_ID}/submission_tokens.json`, {
      auth: owner,
      json: { email: ALICE },
    });
    expect(made.status).toBe(201);
    const auth = `FormUser ${TOKENS.all},${made.body.token}`;
    expect((await server.request('GET', `${alice.issue}.json`, { auth })).status).toBe(200);
    expect(
      (
        await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
          auth,
          json: { issue: { description: 'Spending the token on a new report.' } },
        })
      ).status,
    ).toBe(201);
    expect((await server.request('GET', `${alice.issue}.json`, { auth })).status).toBe(404);
  });
});

describe('feature requests and the bare project token', () => {
  it("changes nobody's request with a flagless token, and none with a reporter with any token", async () => {
    const tester = await server.request('POST', `/projects/${PROJECT_ID}/feature_requests.json`, {
      auth: `Bearer ${PATS.tester}`,
      json: { draft: true, feature_request: { description: 'Tess wants a map editor.' } },
    });
    expect(tester.status).toBe(201);
    const path = `/projects/${PROJECT_ID}/feature_requests/${tester.body.id}`;
    const open = `/projects/${PROJECT_ID}/feature_requests/${alice.openFr}`;
    for (const auth of [`FormUser ${TOKENS.none}`, `FormUser ${TOKENS.all}`]) {
      expect((await server.request('POST', `${path}/publish`, { auth, json: {} })).status, auth).toBe(404);
      expect((await server.request('POST', `${open}/publish`, { auth, json: {} })).status, auth).toBe(403);
      const contact = await server.request('POST', `${open}/set_contact_info`, {
        auth,
        json: { email: 'm@evil.test' },
      });
      expect(contact.status, auth).toBe(403);
    }
    expect((await server.request('POST', `${path}/publish`, { auth: `Bearer ${PATS.tester}`, json: {} })).status).toBe(
      200,
    );
  });

  it('lets a token that may create requests publish an anonymous draft, never a flagless one', async () => {
    const draft = await server.request('POST', `/projects/${PROJECT_ID}/feature_requests.json`, {
      auth: `FormUser ${TOKENS.all}`,
      json: { draft: true, feature_request: { description: 'Nobody signed this one.' } },
    });
    const path = `/projects/${PROJECT_ID}/feature_requests/${draft.body.id}`;
    expect(
      (await server.request('POST', `${path}/publish`, { auth: `FormUser ${TOKENS.none}`, json: {} })).status,
    ).toBe(404);
    expect((await server.request('POST', `${path}/publish`, { auth: `FormUser ${TOKENS.all}`, json: {} })).status).toBe(
      200,
    );
  });
});

describe('a draft JWT on its own', () => {
  it('reaches only its own issue: the lists the bugs-only token may not read are 403 to its JWT too', async () => {
    const created = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
      auth: `FormUser ${BUGS_ONLY}`,
      json: { draft: true, issue: { description: 'The autopilot ignores the last waypoint.' } },
    });
    expect(created.status).toBe(201);
    const bearer = `Bearer ${created.body.token}`;
    const other = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
      auth: `FormUser ${TOKENS.all}`,
      json: { issue: { description: 'Another issue entirely, open to all.' } },
    });
    const releases = await server.request('GET', `/projects/${PROJECT_ID}/releases.json`, { auth: owner });
    const rel = releases.body[0].id;
    const refusedToToken = [
      `/projects/${PROJECT_ID}/issues.json`,
      `/projects/${PROJECT_ID}/issues/search.json?query=autopilot`,
      `/projects/${PROJECT_ID}/releases.json`,
      `/projects/${PROJECT_ID}/releases/${rel}.json`,
      `/projects/${PROJECT_ID}/releases/${rel}/download.json`,
    ];
    for (const path of refusedToToken) {
      expect((await server.request('GET', path, { auth: `FormUser ${BUGS_ONLY}` })).status, `token ${path}`).toBe(403);
      expect((await server.request('GET', path, { auth: bearer })).status, `jwt ${path}`).toBe(403);
    }
    const elsewhere = [
      `/projects/${PROJECT_ID}/feature_requests.json`,
      `/projects/${PROJECT_ID}/issues/g-${other.body.id}.json`,
      `/projects/${PROJECT_ID}/game_facts.json`,
    ];
    for (const path of elsewhere)
      expect((await server.request('GET', path, { auth: bearer })).status, `jwt ${path}`).toBe(403);
    const own = `/projects/${PROJECT_ID}/issues/g-${created.body.id}`;
    expect((await server.request('GET', `${own}.json`, { auth: bearer })).status).toBe(200);
    // The project's detail, which the token that made the draft reads as well.
    expect((await server.request('GET', `/projects/${PROJECT_ID}.json`, { auth: bearer })).status).toBe(200);
    expect((await server.request('POST', `${own}/screenshots`, { auth: bearer, multipart: shot() })).status).toBe(201);
    expect((await server.request('POST', `${own}/publish`, { auth: bearer, json: {} })).status).toBe(200);
  });
});
