// One file over 300 lines: every case compares the same optimized SQL with the same plain baseline query over one
// random dataset, seeded and mutated once; split files would each rebuild it.
// The issue list's optimized SQL (issue_counts kept by triggers, the walk and the sort of a page) against a plain
// WHERE … ORDER BY over a random dataset on real SQLite, after inserts, updates, moves and deletes; and the
// migration's backfill of issue_counts for a database that already holds issues.
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, type Db } from '../../reference-server/src/db/database.ts';
import { migrations } from '../../reference-server/src/db/migrations/index.ts';
import type { Deps } from '../../reference-server/src/deps.ts';
import { createDeps } from '../../reference-server/src/server.ts';
import { loadFixtures } from '../../reference-server/src/areas/admin/fixtures.ts';
import {
  insertIssue,
  listIssueRows,
  updateIssueColumns,
  type IssueListFilter,
} from '../../reference-server/src/areas/issues/repository.ts';
import { OTHER_PROJECT_ID, PROJECT_ID, seedDocument } from '../helpers/seed.ts';

const STATUSES = ['open', 'in_progress', 'resolved', 'closed', 'needs_more_info', 'hidden', 'pending_moderation'];
const PRIORITIES = ['low', 'medium', 'high', 'critical', 'blocker'];

/** mulberry32: a seeded generator, so a failure replays. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)];
  const some = <T>(values: readonly T[], max: number): T[] => [
    ...new Set(Array.from({ length: Math.floor(next() * (max + 1)) }, () => pick(values))),
  ];
  return { next, pick, some, chance: (p: number) => next() < p };
}

/** The list's meaning in the plainest SQL: every match, newest first, id breaking ties; the page sliced in JS. */
function reference(db: Db, f: IssueListFilter): { ids: number[]; total: number } {
  const where = ['project_id = ?'];
  const params: unknown[] = [f.projectId];
  const inList = (column: string, values: readonly unknown[]) => {
    where.push(`${column} IN (${values.map(() => '?').join(', ')})`);
    params.push(...values);
  };
  if (f.archived !== 'all') where.push(`archived = ${f.archived === 'only' ? 1 : 0}`);
  if (f.raw !== 'all') where.push(`raw = ${f.raw === 'only' ? 1 : 0}`);
  if (f.statuses.length) inList('status', f.statuses);
  if (f.priorities.length) inList('priority', f.priorities);
  if (f.releaseIds) inList('release_id', f.releaseIds);
  if (f.assigneeIds.length || f.unassigned) {
    const either = f.assigneeIds.map(() => 'assigned_to_user_id = ?');
    if (f.unassigned) either.push('assigned_to_user_id IS NULL');
    where.push(`(${either.join(' OR ')})`);
    params.push(...f.assigneeIds);
  }
  if (f.reporterIds.length) inList('reporter_user_id', f.reporterIds);
  for (const [column, op, value] of [
    ['created_at', '>=', f.createdFrom],
    ['created_at', '<', f.createdUntil],
    ['updated_at', '>=', f.updatedFrom],
    ['updated_at', '<', f.updatedUntil],
  ] as const) {
    if (value === undefined) continue;
    where.push(`${column} ${op} ?`);
    params.push(value);
  }
  if (f.withMedia !== undefined) where.push(`id ${f.withMedia ? '' : 'NOT '}IN (SELECT issue_id FROM attachments)`);
  if (f.sentTo) {
    where.push(`id IN (SELECT issue_id FROM issue_integrations WHERE service IN (${f.sentTo.map(() => '?')}))`);
    params.push(...f.sentTo);
  }
  if (f.tagIds.length) {
    where.push(`id IN (SELECT issue_id FROM issue_tags WHERE tag_id IN (${f.tagIds.map(() => '?')}))`);
    params.push(...f.tagIds);
  }
  if (f.restrictTo) {
    const seen = ["(status NOT IN ('hidden', 'pending_moderation') AND raw = 0)"];
    if (f.restrictTo.userId !== null) seen.push(`reporter_user_id = ${f.restrictTo.userId}`);
    if (f.restrictTo.issueId !== null) seen.push(`id = ${f.restrictTo.issueId}`);
    where.push(`(${seen.join(' OR ')})`);
  }
  const all = db
    .prepare(`SELECT id FROM issues WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC`)
    .pluck()
    .all(...params) as number[];
  return { ids: all.slice(f.offset, f.offset + f.limit), total: all.length };
}

/** issue_counts as it should be: a GROUP BY over the issues table, zero rows left out. */
function countsMismatch(db: Db): unknown[] {
  return db
    .prepare(
      `SELECT * FROM (
        SELECT project_id, archived, raw, status, priority, coalesce(release_id, 'none') AS release_key,
          count(*) AS n FROM issues GROUP BY 1, 2, 3, 4, 5, 6) expected
      FULL JOIN (SELECT * FROM issue_counts WHERE n != 0) kept USING (project_id, archived, raw, status, priority,
        release_key)
      WHERE expected.n IS NOT kept.n`,
    )
    .all();
}

interface World {
  projects: number[];
  users: number[];
  releases: number[];
  tags: number[];
}

let deps: Deps;
let world: World;

beforeEach(() => {
  deps = createDeps();
  loadFixtures(deps, seedDocument());
  const db = deps.db;
  const projectIds = [PROJECT_ID, OTHER_PROJECT_ID].map(
    (publicId) => db.prepare('SELECT id FROM projects WHERE public_id = ?').pluck().get(publicId) as number,
  );
  const at = '2025-01-01T00:00:00.000Z';
  db.prepare('INSERT INTO releases (project_id, label, created_at, updated_at) VALUES (?, ?, ?, ?)').run(
    projectIds[0],
    '2.0.0',
    at,
    at,
  );
  for (const name of ['crash', 'ui', 'audio'])
    db.prepare('INSERT INTO tags (project_id, name) VALUES (?, ?)').run(projectIds[0], name);
  world = {
    projects: projectIds,
    users: db.prepare('SELECT id FROM users ORDER BY id').pluck().all() as number[],
    releases: db.prepare('SELECT id FROM releases ORDER BY id').pluck().all() as number[],
    tags: db.prepare('SELECT id FROM tags ORDER BY id').pluck().all() as number[],
  };
});

afterEach(() => deps.db.close());

/** Times from a small set, so many issues share a created_at and the id tie-break matters. */
const time = (r: ReturnType<typeof random>) =>
  new Date(Date.parse('2025-03-01T00:00:00.000Z') + Math.floor(r.next() * 60) * 3_600_000).toISOString();

function addIssue(r: ReturnType<typeof random>, projectId: number, reporter: number | null): number {
  const created = time(r);
  const issue = insertIssue(deps.db, {
    project_id: projectId,
    title: 'Random issue',
    description: 'A randomly generated report.',
    status: r.pick(STATUSES),
    priority: r.pick(PRIORITIES),
    score: '0',
    raw: r.chance(0.2) ? 1 : 0,
    source: null,
    archived: r.chance(0.15) ? 1 : 0,
    reporter_user_id: reporter,
    assigned_to_user_id: r.chance(0.5) ? r.pick(world.users) : null,
    release_id: r.chance(0.25) ? null : r.pick(world.releases),
    steps: '[]',
    debug_trace: null,
    device: null,
    created_at: created,
    updated_at: r.chance(0.5) ? created : [created, time(r)].sort()[1],
  });
  const db = deps.db;
  for (const tag of r.some(world.tags, 2))
    db.prepare('INSERT OR IGNORE INTO issue_tags (issue_id, tag_id) VALUES (?, ?)').run(issue.id, tag);
  if (r.chance(0.1))
    db.prepare(
      'INSERT INTO attachments (issue_id, kind, content_type, media_size_bytes, created_at, updated_at) ' +
        "VALUES (?, 'log_file', 'text/plain', 1, ?, ?)",
    ).run(issue.id, created, created);
  for (const service of r.some(['jira', 'trello'], 1))
    db.prepare('INSERT INTO issue_integrations (issue_id, service, created_at) VALUES (?, ?, ?)').run(
      issue.id,
      service,
      created,
    );
  return issue.id;
}

function seed(r: ReturnType<typeof random>): number[] {
  const reporters = [...world.users, null];
  for (let i = 0; i < 500; i += 1) addIssue(r, world.projects[0], r.pick(reporters));
  for (let i = 0; i < 80; i += 1) addIssue(r, world.projects[1], r.pick(reporters));
  const db = deps.db;
  const ids = () => db.prepare('SELECT id FROM issues ORDER BY id').pluck().all() as number[];
  // Changes after seeding, so every trigger runs: updates through the repository, raw and project moves in SQL
  // (no service changes them), deletes.
  for (let i = 0; i < 200; i += 1) {
    const id = r.pick(ids());
    const changes = {
      ...(r.chance(0.5) && { status: r.pick(STATUSES) }),
      ...(r.chance(0.4) && { priority: r.pick(PRIORITIES) }),
      ...(r.chance(0.3) && { release_id: r.chance(0.3) ? null : r.pick(world.releases) }),
      ...(r.chance(0.3) && { archived: r.chance(0.5) ? 1 : 0 }),
      ...(r.chance(0.2) && { assigned_to_user_id: r.pick([...world.users, null]) }),
      ...(r.chance(0.3) && { title: 'Retitled' }),
      updated_at: time(r),
    };
    updateIssueColumns(db, id, changes);
  }
  for (let i = 0; i < 30; i += 1) db.prepare('UPDATE issues SET raw = 1 - raw WHERE id = ?').run(r.pick(ids()));
  for (let i = 0; i < 10; i += 1) {
    const to = r.pick(world.projects);
    db.prepare(
      'UPDATE issues SET project_id = ?, scoped_id = (SELECT max(scoped_id) + 1 FROM issues WHERE project_id = ?) ' +
        'WHERE id = ?',
    ).run(to, to, r.pick(ids()));
  }
  for (let i = 0; i < 40; i += 1) db.prepare('DELETE FROM issues WHERE id = ?').run(r.pick(ids()));
  for (let i = 0; i < 40; i += 1) addIssue(r, world.projects[0], r.pick(reporters));
  return ids();
}

function randomFilter(r: ReturnType<typeof random>, issueIds: number[]): IssueListFilter {
  const limit = r.pick([1, 3, 10, 25, 100]);
  return {
    projectId: r.chance(0.85) ? world.projects[0] : world.projects[1],
    statuses: r.chance(0.5) ? r.some([...STATUSES, 'duplicate'], 3) : [],
    priorities: r.chance(0.4) ? r.some(PRIORITIES, 2) : [],
    releaseIds: r.chance(0.4) ? r.some([...world.releases, -1, 0], 2) : null,
    assigneeIds: r.chance(0.15) ? r.some(world.users, 2) : [],
    unassigned: r.chance(0.1),
    reporterIds: r.chance(0.1) ? r.some([...world.users, -1], 2) : [],
    archived: r.pick(['exclude', 'exclude', 'only', 'all'] as const),
    raw: r.pick(['exclude', 'exclude', 'only', 'all'] as const),
    createdFrom: r.chance(0.1) ? time(r) : undefined,
    createdUntil: r.chance(0.1) ? time(r) : undefined,
    updatedFrom: r.chance(0.05) ? time(r) : undefined,
    updatedUntil: r.chance(0.05) ? time(r) : undefined,
    withMedia: r.chance(0.1) ? r.chance(0.5) : undefined,
    sentTo: r.chance(0.1) ? r.some(['jira', 'trello', 'github'], 2) : null,
    tagIds: r.chance(0.1) ? r.some(world.tags, 2) : [],
    restrictTo: r.chance(0.4)
      ? null
      : {
          userId: r.chance(0.6) ? r.pick(world.users) : null,
          issueId: r.chance(0.3) ? r.pick(issueIds) : null,
        },
    limit,
    offset: limit * Math.floor(r.next() * r.pick([1, 3, 40])),
  };
}

describe('issue list query', () => {
  it('answers every filter combination, page and viewer as the plain query does', () => {
    const r = random(17);
    const issueIds = seed(r);
    let nonEmpty = 0;
    for (let i = 0; i < 1500; i += 1) {
      const filter = randomFilter(r, issueIds);
      const expected = reference(deps.db, filter);
      const got = listIssueRows(deps.db, filter);
      const label = JSON.stringify(filter);
      expect({ total: got.total, ids: got.rows.map((row) => row.id) }, label).toEqual(expected);
      if (expected.ids.length > 1) nonEmpty += 1;
    }
    // The random filters are not so narrow that most pages are empty.
    expect(nonEmpty).toBeGreaterThan(300);
    expect(countsMismatch(deps.db)).toEqual([]);
  });

  it('answers the default views (no filter, one column, the three common ones) exactly for every viewer', () => {
    const r = random(4);
    const issueIds = seed(r);
    const [tester] = world.users.slice(3);
    const plain: IssueListFilter = {
      projectId: world.projects[0],
      statuses: [],
      priorities: [],
      releaseIds: null,
      assigneeIds: [],
      unassigned: false,
      reporterIds: [],
      archived: 'exclude',
      raw: 'exclude',
      sentTo: null,
      tagIds: [],
      restrictTo: null,
      limit: 25,
      offset: 0,
    };
    const viewers = [null, { userId: tester, issueId: issueIds[7] }, { userId: null, issueId: null }];
    const shapes: Partial<IssueListFilter>[] = [
      {},
      { statuses: ['open'] },
      { priorities: ['high', 'low'] },
      { releaseIds: [world.releases[0]] },
      { statuses: ['open', 'hidden'], priorities: ['high'], releaseIds: [world.releases[1]] },
      { archived: 'all', raw: 'all' },
    ];
    for (const restrictTo of viewers)
      for (const shape of shapes) {
        const filter = { ...plain, ...shape, restrictTo };
        const expected = reference(deps.db, filter);
        expect(expected.total).toBeGreaterThan(0);
        const got = listIssueRows(deps.db, filter);
        expect({ total: got.total, ids: got.rows.map((row) => row.id) }).toEqual(expected);
      }
  });
});

describe('migration 14', () => {
  it('fills issue_counts from the issues a database already holds', () => {
    const db = new Database(':memory:') as Db;
    db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT)');
    for (const m of [...migrations].sort((a, b) => a.version - b.version).filter((m) => m.version < 14)) {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(m.version, m.name, '');
    }
    expect(db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'issue_counts'").get()).toBeUndefined();
    db.exec(
      `INSERT INTO organizations (id, public_id, name, created_at) VALUES (1, 'org-1', 'Studio', '');
      INSERT INTO projects (id, public_id, organization_id, name, access, created_at, updated_at)
        VALUES (1, 'pr-1', 1, 'Game', 'private', '', '');
      INSERT INTO releases (id, project_id, label, created_at, updated_at) VALUES (5, 1, '1.0', '', '');`,
    );
    const insert = db.prepare(
      `INSERT INTO issues (project_id, scoped_id, title, description, status, priority, raw, archived, release_id,
        created_at, updated_at) VALUES (1, ?, 't', 'd', ?, ?, ?, ?, ?, '', '')`,
    );
    insert.run(1, 'open', 'high', 0, 0, 5);
    insert.run(2, 'open', 'high', 0, 0, 5);
    insert.run(3, 'open', 'high', 0, 0, null);
    insert.run(4, 'hidden', 'low', 1, 1, null);
    migrate(db);
    expect(
      db.prepare('SELECT status, priority, raw, archived, release_key, n FROM issue_counts ORDER BY n DESC, raw').all(),
    ).toEqual([
      { status: 'open', priority: 'high', raw: 0, archived: 0, release_key: 5, n: 2 },
      { status: 'open', priority: 'high', raw: 0, archived: 0, release_key: 'none', n: 1 },
      { status: 'hidden', priority: 'low', raw: 1, archived: 1, release_key: 'none', n: 1 },
    ]);
    expect(countsMismatch(db)).toEqual([]);
    db.close();
  });
});
