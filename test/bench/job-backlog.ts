// The server bench's job backlog, read and written through a connection of the bench's own to the server's database
// file (WAL): the jobs not yet done, waiting for them to drain, and a burst of duplicate-detection jobs queued at once.
import type Database from 'better-sqlite3';

/** Jobs not yet done, read from the server's database file through a connection of our own (WAL). */
export function pendingJobs(db: Database.Database): number {
  return db.prepare('SELECT count(*) FROM jobs WHERE done_at IS NULL').pluck().get() as number;
}

export async function drained(db: Database.Database, limitMs = 120_000): Promise<number> {
  const started = performance.now();
  while (pendingJobs(db) > 0 && performance.now() - started < limitMs) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return performance.now() - started;
}

/** Queues `count` issues of the detecting project and their detection jobs at once, as a burst of reports would. */
export function queueBacklog(db: Database.Database, projectPublicId: string, count: number): void {
  const project = db.prepare('SELECT id FROM projects WHERE public_id = ?').pluck().get(projectPublicId) as number;
  const now = new Date().toISOString();
  db.transaction(() => {
    const top = db.prepare('SELECT coalesce(max(scoped_id), 0) FROM issues WHERE project_id = ?').pluck();
    let scoped = top.get(project) as number;
    const issue = db
      .prepare(`INSERT INTO issues (project_id, scoped_id, title, description, status, priority, score,
      raw, steps, created_at, updated_at)
      VALUES (?, ?, ?, ?, 'open', 'medium', '0.5', 0, '[]', ?, ?) RETURNING id`)
      .pluck();
    const job = db.prepare(`INSERT INTO jobs (kind, payload, run_at, max_attempts, created_at)
      VALUES ('search.detect_duplicate', ?, ?, 5, ?)`);
    for (let i = 0; i < count; i += 1) {
      scoped += 1;
      const text = `Backlog report ${i}: the ship stalls near station ${i % 37} after docking.`;
      const id = issue.get(project, scoped, `Backlog ${i}`, text, now, now) as number;
      job.run(JSON.stringify({ issue_id: id }), now, now);
    }
  }).immediate();
}
