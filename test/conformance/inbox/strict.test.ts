// The QA inbox's own calls are no client mistakes: each list, search and detail request it makes (with every
// filter it can send) is answered on a --strict server, which refuses unknown parameters.
import { expect } from 'vitest';
import { PATS, PROJECT_ID } from '../../helpers/seed.ts';
import { serveFile, server } from '../../helpers/file-server.ts';
import { itLocal } from '../../helpers/local-only.ts';

serveFile({ strict: true });

const p = `/projects/${PROJECT_ID}`;
const CALLS = [
  '/projects.json?page=1',
  `${p}.json`,
  `${p}/releases.json`,
  `${p}/issue_tags.json`,
  `${p}/issues.json?per_page=100&page=1&raw=any`,
  `${p}/issues.json?per_page=100&page=2&raw=any&status=open&priority=high&release_id=latest&tag_ids=1&archived=true`,
  `${p}/issues/search.json?query=map&page=1`,
  `${p}/feature_requests.json?sort=all`,
  `${p}/tickets/search.json?query=refund`,
  // "Also reported by": the field check, the count, and the reports filed since the canonical issue.
  `${p}/custom_issue_fields.json`,
  `${p}/custom_field_aggregations.json?field=glitchbox_same_as&types=bugs&from=2025-06-01&limit=500`,
  `${p}/issues.json?per_page=100&page=1&created_after=2025-06-01&archived=false`,
  `${p}/issues.json?per_page=100&page=1&created_after=2025-06-01&archived=true`,
];

itLocal(
  'answers every list, search and detail call of the inbox on a --strict server',
  'starts a server with --strict',
  async () => {
    // A "Same problem" report creates the field the aggregation counts.
    const filed = await server.request('POST', `${p}/issues.json`, {
      auth: 'FormUser tkn-all',
      json: { issue: { description: 'Clamps stuck after docking twice.', custom: { glitchbox_same_as: 'g-1' } } },
    });
    expect(filed.status).toBe(201);
    const answers = await Promise.all(
      CALLS.map(async (path) => [path, (await server.request('GET', path, { auth: `Bearer ${PATS.owner}` })).status]),
    );
    expect(answers).toEqual(CALLS.map((path) => [path, 200]));
    // The server is strict indeed: a parameter the inbox never sends is refused.
    const unknown = await server.request('GET', `${p}/issues.json?per_page=100&colour=red`, {
      auth: `Bearer ${PATS.owner}`,
    });
    expect(unknown.status).toBe(400);
  },
);
