// Group commit (reference-server/src/db/commit-groups.ts): concurrent writes share one
// transaction per event-loop turn, yet each request keeps its own all-or-nothing outcome, every
// acknowledged write survives a restart, and a group that fails to commit reports failure.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openDatabase } from '../../../reference-server/src/db/database.ts';
import { createCommitGroups } from '../../../reference-server/src/db/commit-groups.ts';
import { ALL_FLAGS, PROJECT_ID, seedDocument } from '../../helpers/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { describeLocal } from '../../helpers/local-only.ts';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

const create = (server: TestServer, token: string, i: number) =>
  server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
    auth: `FormUser ${token}`,
    json: { issue: { description: `Concurrent report number ${i}: the boss fight freezes.` } },
  });

describeLocal('group commit', 'reads the database and restarts the server', () => {
  it('keeps every acknowledged create of a concurrent burst, committed through groups, across a restart', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'glitchbox-groups-')), 'groups.db');
    const doc = seedDocument();
    doc.projects[0].tokens = [{ token: 'tkn-burst', daily_limit: 1000, ...ALL_FLAGS }];
    const first = await startTestServer({ db, seed: doc });
    const before = first.deps.commits.stats().groups;
    const responses = await Promise.all(Array.from({ length: 60 }, (_, i) => create(first, 'tkn-burst', i)));
    expect(responses.map((r) => r.status)).toEqual(Array(60).fill(201));
    const scoped = responses.map((r) => r.body.id);
    expect(new Set(scoped).size).toBe(60);
    const commits = first.deps.commits.stats().groups - before;
    expect(commits).toBeGreaterThan(0); // how many requests share one depends on arrival; the bench shows it
    await first.close();

    const second = await startTestServer({ db, seed: false });
    servers.push(second);
    const list = await second.request('GET', `/projects/${PROJECT_ID}/issues.json?per_page=100`, {
      auth: 'FormUser tkn-burst',
    });
    expect(list.status).toBe(200);
    const descriptions = new Set(
      (list.body.issues ?? list.body).map((issue: { description: string }) => issue.description),
    );
    for (let i = 0; i < 60; i += 1)
      expect(descriptions.has(`Concurrent report number ${i}: the boss fight freezes.`)).toBe(true);
  });

  it('rolls back only the refused requests of a group: a daily limit of 5 lets in 5 of 12 concurrent', async () => {
    const doc = seedDocument();
    doc.projects[0].tokens = [{ token: 'tkn-five', daily_limit: 5, ...ALL_FLAGS }];
    const server = await startTestServer({ seed: doc });
    servers.push(server);
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => create(server, 'tkn-five', i)));
    const created = responses.filter((r) => r.status === 201);
    const refused = responses.filter((r) => r.status !== 201);
    expect(created).toHaveLength(5);
    for (const r of refused) {
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(typeof r.body.error).toBe('string');
    }
    const count = server.deps.db
      .prepare("SELECT count(*) FROM issues WHERE description LIKE 'Concurrent report number %'")
      .pluck()
      .get();
    expect(count).toBe(5);
  });

  it("with a request in flight, a turn's first transaction opens a group, the next nest, all commit on close", () => {
    const file = join(mkdtempSync(join(tmpdir(), 'glitchbox-groups-')), 'close.db');
    const db = openDatabase(file);
    const groups = createCommitGroups(db);
    db.exec('CREATE TABLE t (x INTEGER)');
    db.transaction(() => db.prepare('INSERT INTO t (x) VALUES (0)').run())();
    expect(db.inTransaction).toBe(false); // no request in flight: a transaction commits by itself
    groups.enter();
    db.transaction(() => db.prepare('INSERT INTO t (x) VALUES (1)').run())();
    expect(db.inTransaction).toBe(true); // the group stays open until the turn ends
    expect(() =>
      db.transaction(() => {
        db.prepare('INSERT INTO t (x) VALUES (2)').run();
        throw new Error('refused');
      })(),
    ).toThrow('refused');
    db.transaction(() => db.prepare('INSERT INTO t (x) VALUES (3)').run())();
    expect(groups.stats().groups).toBe(0);
    db.close();
    const again = openDatabase(file);
    expect(again.prepare('SELECT x FROM t ORDER BY x').pluck().all()).toEqual([0, 1, 3]);
    again.close();
  });

  it('rejects every waiter of a group whose commit fails, and keeps none of its writes', async () => {
    const db = openDatabase(':memory:');
    db.exec(
      'CREATE TABLE parent (id INTEGER PRIMARY KEY); CREATE TABLE child (parent_id INTEGER REFERENCES parent(id) ' +
        'DEFERRABLE INITIALLY DEFERRED)',
    );
    const groups = createCommitGroups(db);
    groups.enter();
    groups.begin();
    db.prepare('INSERT INTO parent (id) VALUES (1)').run();
    db.prepare('INSERT INTO child (parent_id) VALUES (42)').run(); // fails only at COMMIT
    const waiters = [groups.settled(), groups.settled()];
    for (const waiter of waiters) await expect(waiter).rejects.toThrow(/FOREIGN KEY/);
    expect(db.inTransaction).toBe(false);
    expect(db.prepare('SELECT count(*) FROM parent').pluck().get()).toBe(0);

    groups.begin();
    db.prepare('INSERT INTO parent (id) VALUES (2)').run();
    await groups.settled();
    expect(db.prepare('SELECT id FROM parent').pluck().all()).toEqual([2]);
    db.close();
  });
});
