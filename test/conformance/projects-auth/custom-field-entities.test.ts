// One set of custom field rules for issues, feature requests and tickets: a new name makes the same
// snake_case ident on each ("Niveau Élevé" → niveau_eleve) and one field however it is spelled again,
// and the custom values a submission token carries land on a feature request and a ticket as on an issue.
import { describe, expect, it } from 'vitest';
import { ALL_FLAGS, PATS, PROJECT_ID, seedDocument, TOKENS } from '../../helpers/seed.ts';
import { serveFile, server } from '../../helpers/file-server.ts';

serveFile({
  seed: seedDocument({
    project: {
      tokens: [{ token: TOKENS.all, daily_limit: 1000, ...ALL_FLAGS }],
      custom_fields: (['issue', 'feature_request', 'ticket'] as const).map((applies_to) => ({
        ident: 'roblox_id',
        name: 'Roblox id',
        field_type: 'text',
        applies_to,
      })),
    },
  }),
});

const base = `/projects/${PROJECT_ID}`;
const CREATES = {
  issue: { path: `${base}/issues.json`, wrapper: 'issue' },
  feature_request: { path: `${base}/feature_requests.json`, wrapper: 'feature_request' },
  ticket: { path: `${base}/tickets.json`, wrapper: 'ticket' },
} as const;
type Entity = keyof typeof CREATES;
const ENTITIES = Object.keys(CREATES) as Entity[];

/** A create as a game SDK sends it: the project token with an email (tickets need a contact), form-encoded. */
function create(entity: Entity, fields: Record<string, string>, auth = `FormUser ${TOKENS.all},email:p@players.test`) {
  const { path, wrapper } = CREATES[entity];
  return server.request('POST', path, {
    auth,
    form: { [`${wrapper}[description]`]: `A ${entity} with custom values, long enough to pass.`, ...fields },
  });
}

async function definitions(entity: Entity): Promise<Array<{ ident: string; name: string }>> {
  const r = await server.request('GET', `${base}/custom_fields.json?applies_to=${entity}`, {
    auth: `Bearer ${PATS.owner}`,
  });
  expect(r.status).toBe(200);
  return r.body.custom_fields;
}

describe('the ident of a new field name', () => {
  for (const entity of ENTITIES) {
    it(`makes "Niveau Élevé" niveau_eleve on a ${entity}, and one field when the name comes again`, async () => {
      const { wrapper } = CREATES[entity];
      const first = await create(entity, { [`${wrapper}[custom][Niveau Élevé]`]: 'haut' });
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      const second = await create(entity, { [`${wrapper}[custom_fields][niveau élevé]`]: 'bas' });
      expect(second.status, JSON.stringify(second.body)).toBe(201);
      const fields = (await definitions(entity)).filter((f) => f.ident.startsWith('niveau'));
      expect(fields.map((f) => [f.ident, f.name])).toEqual([['niveau_eleve', 'Niveau Élevé']]);
    });
  }
});

describe('custom values of a submission token', () => {
  async function mint(custom: Record<string, string>) {
    const r = await server.request('POST', `${base}/submission_tokens.json`, {
      auth: `Bearer ${PATS.owner}`,
      json: { email: 'vip@players.test', custom },
    });
    expect(r.status).toBe(201);
    return r.body.token as string;
  }

  for (const entity of ENTITIES) {
    it(`land on a ${entity} and win over a value the client sent`, async () => {
      const token = await mint({ roblox_id: `rb-${entity}-1` });
      const { wrapper } = CREATES[entity];
      const r = await create(
        entity,
        { [`${wrapper}[custom][roblox_id]`]: 'forged' },
        `FormUser ${TOKENS.all},${token}`,
      );
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.custom_fields).toEqual([expect.objectContaining({ ident: 'roblox_id', value: `rb-${entity}-1` })]);
      expect(r.body.warnings ?? []).toEqual([]);
      // Single use, on every entity.
      const again = await create(entity, {}, `FormUser ${TOKENS.all},${token}`);
      expect(again.status).toBe(422);
      expect(again.body.error).toBe('This submission token has already been used.');
    });
  }
});
