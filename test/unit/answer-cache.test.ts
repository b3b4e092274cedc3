// Remembered answers and the read version they stand on, on real SQLite files: the version moves with this
// connection's writes, another connection's commits, a reset and a rolled-back commit group; the cache answers
// from memory only at the version it was filled at, and stays within its bytes, least recently used out first.
// Settings rows are remembered against their own version: other writes leave them, their own changes and rollbacks not.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startWorker } from '../../reference-server/src/start-worker.ts';
import { AnswerCache } from '../../reference-server/src/db/answer-cache.ts';
import { createCommitGroups } from '../../reference-server/src/db/commit-groups.ts';
import { openDatabase, resetDatabase, type Db } from '../../reference-server/src/db/database.ts';
import { readSettingsVersion, readVersion } from '../../reference-server/src/db/read-version.ts';
import { rememberedSettings } from '../../reference-server/src/db/remembered-rows.ts';

let dir: string;
let db: Db;
let other: Db;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'glitchbox-answer-cache-'));
  db = openDatabase(join(dir, 'a.db'));
  other = openDatabase(join(dir, 'a.db'));
});
afterEach(() => {
  db.close();
  other.close();
  rmSync(dir, { recursive: true, force: true });
});

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

const write = (on: Db, value: string) =>
  on.prepare("INSERT OR REPLACE INTO settings (key, value) VALUES ('probe', ?)").run(value);

describe('readVersion', () => {
  it('stands while nothing is written, and moves for either connection’s write and for a reset', async () => {
    const start = readVersion(db);
    expect(readVersion(db)).toBe(start);
    write(db, 'own');
    const afterOwn = readVersion(db);
    expect(afterOwn).not.toBe(start);
    write(other, 'other');
    // Another connection's commit is seen from the next turn of the event loop (data_version is read once a turn).
    expect(readVersion(db)).toBe(afterOwn);
    await nextTurn();
    const afterOther = readVersion(db);
    expect(afterOther).not.toBe(afterOwn);
    resetDatabase(db);
    expect(readVersion(db)).not.toBe(afterOther);
  });

  it("in a worker thread, sees another connection's commit at once (a job pass can run as one long turn)", async () => {
    const worker = startWorker(
      { bundled: 'unused.mjs', source: new URL('../helpers/read-version-worker.ts', import.meta.url) },
      { file: join(dir, 'a.db') },
    );
    const seen = await new Promise<{ before: string; after: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(seen.after).not.toBe(seen.before);
  });

  it('moves when a commit group fails, so what was read of its writes is not served again', async () => {
    const groups = createCommitGroups(db);
    groups.enter();
    db.transaction(() => write(db, 'in the group'))();
    const during = readVersion(db);
    db.exec('ROLLBACK'); // the group's transaction is gone before its commit (as an I/O error leaves it)
    const settled = groups.settled();
    groups.leave();
    await expect(settled).rejects.toThrow(/rolled back/);
    expect(readVersion(db)).not.toBe(during);
  });
});

describe('rememberedSettings', () => {
  // An organization row stands for the settings rows (projects, tokens, organizations, releases and custom fields
  // share one version).
  let loads = 0;
  const load = () => {
    loads += 1;
    return db.prepare('SELECT * FROM organizations WHERE public_id = ?').get('studio') as { name: string } | undefined;
  };
  const organization = () => rememberedSettings(db, 'organization', 'studio', load);
  const rename = (on: Db, name: string) =>
    on.prepare("UPDATE organizations SET name = ? WHERE public_id = 'studio'").run(name);
  beforeEach(() => {
    loads = 0;
    db.prepare("INSERT INTO organizations (public_id, name, created_at) VALUES ('studio', 'One', '2026-01-01')").run();
  });

  it('reads a row once while no settings row changes, whatever else is written, and hands out frozen rows', () => {
    expect(organization()).toMatchObject({ name: 'One' });
    write(db, 'an unrelated write');
    const again = organization()!;
    expect(again).toMatchObject({ name: 'One' });
    expect(loads).toBe(1);
    expect(Object.isFrozen(again)).toBe(true);
  });

  it('reads afresh after a change of a settings row by this connection or (from the next turn) another', async () => {
    organization();
    rename(db, 'Two');
    expect(organization()).toMatchObject({ name: 'Two' });
    rename(other, 'Three');
    await nextTurn();
    expect(organization()).toMatchObject({ name: 'Three' });
    // Any settings row's change counts, not only this row's: a new organization is read as a change.
    db.prepare("INSERT INTO organizations (public_id, name, created_at) VALUES ('other', 'O', '2026-01-01')").run();
    expect(organization()).toMatchObject({ name: 'Three' });
    expect(loads).toBe(4);
  });

  it('moves for a change of each table it covers, and for no other', () => {
    const org = db.prepare("SELECT id FROM organizations WHERE public_id = 'studio'").pluck().get() as number;
    // Rows of the new project 'pr-9' (its id from the subquery), one statement per covered table.
    const pr9 = "(SELECT id FROM projects WHERE public_id = 'pr-9')";
    const run =
      (sql: string, ...args: unknown[]) =>
      () =>
        db.prepare(sql).run(...args);
    const changes: Array<[string, () => unknown]> = [
      [
        'projects',
        run(
          'INSERT INTO projects (public_id, organization_id, name, access, created_at, updated_at) ' +
            "VALUES ('pr-9', ?, 'P', 'private', 'now', 'now')",
          org,
        ),
      ],
      [
        'project_tokens',
        run(`INSERT INTO project_tokens (project_id, token, created_at) VALUES (${pr9}, 'tkn-9', 'now')`),
      ],
      [
        'releases',
        run(`INSERT INTO releases (project_id, label, created_at, updated_at) VALUES (${pr9}, '1.0', 'now', 'now')`),
      ],
      [
        'custom_fields',
        run(
          'INSERT INTO custom_fields (project_id, ident, name, field_type, created_at) ' +
            `VALUES (${pr9}, 'mode', 'Mode', 'text', 'now')`,
        ),
      ],
      [
        'project_statuses',
        run(`INSERT INTO project_statuses (project_id, key, name) VALUES (${pr9}, 'triage', 'Triage')`),
      ],
      ['organizations', () => rename(db, 'Renamed')],
    ];
    for (const [table, change] of changes) {
      const before = readSettingsVersion(db);
      write(db, 'not a settings row');
      expect(readSettingsVersion(db), `${table}: another table`).toBe(before);
      change();
      expect(readSettingsVersion(db), table).not.toBe(before);
    }
  });

  it('does not serve what was read inside a transaction that rolled back, after a reset or a later change', () => {
    organization();
    expect(() =>
      db.transaction(() => {
        rename(db, 'Never');
        expect(organization()).toMatchObject({ name: 'Never' });
        throw new Error('undone');
      })(),
    ).toThrow('undone');
    expect(organization()).toMatchObject({ name: 'One' });
    rename(db, 'Two');
    expect(organization()).toMatchObject({ name: 'Two' });
    resetDatabase(db);
    expect(organization()).toBeUndefined();
    db.prepare(
      "INSERT INTO organizations (public_id, name, created_at) VALUES ('studio', 'Again', '2026-01-01')",
    ).run();
    expect(organization()).toMatchObject({ name: 'Again' });
  });
});

describe('AnswerCache', () => {
  it('answers from memory at the same version only', () => {
    const cache = new AnswerCache();
    let computed = 0;
    const compute = () => ({ n: ++computed });
    const first = cache.answer('k', 'v1', compute);
    expect(cache.answer('k', 'v1', compute)).toEqual(first);
    expect(computed).toBe(1);
    const moved = cache.answer('k', 'v2', compute);
    expect(Buffer.from(moved.bytes).toString()).toBe('{"n":2}');
    expect(moved.etag).not.toBe(first.etag);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 2, entries: 1 });
  });

  it('keeps within its bytes, dropping the least recently used first, and never keeps an outsized answer', () => {
    const cache = new AnswerCache(2_800);
    const body = (n: number) => () => ({ pad: 'x'.repeat(n) });
    for (const key of ['a', 'b', 'c', 'd']) cache.answer(key, 'v', body(500));
    cache.answer('a', 'v', body(500)); // a is now the most recently used
    cache.answer('e', 'v', body(500));
    expect(cache.stats().bytes).toBeLessThanOrEqual(2_800);
    const kept = (key: string) => {
      let recomputed = false;
      cache.answer(key, 'v', () => {
        recomputed = true;
        return { pad: 'x'.repeat(500) };
      });
      return !recomputed;
    };
    expect(kept('a')).toBe(true);
    expect(kept('b')).toBe(false);
    cache.answer('huge', 'v', body(10_000));
    expect(kept('huge')).toBe(false);
  });

  it('remembers nothing with no bytes, yet serializes with an ETag', () => {
    const cache = new AnswerCache(0);
    const answer = cache.answer('k', 'v', () => ({ ok: true }));
    expect(Buffer.from(answer.bytes).toString()).toBe('{"ok":true}');
    expect(answer.etag).toMatch(/^"[\w-]{27}"$/);
    expect(cache.stats().entries).toBe(0);
  });
});
