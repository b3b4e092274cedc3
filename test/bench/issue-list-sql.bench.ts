// The issue list's SQL alone at 100,000 issues (listIssueRows: count, page ids, the page's rows) per filter, and
// what migration 14's triggers cost an insert and an update, on the bench database of issues.bench.ts.
import { copyFileSync } from 'node:fs';
import { openDatabase, type Db } from '../../reference-server/src/db/database.ts';
import {
  insertIssue,
  listIssueRows,
  updateIssueColumns,
  type IssueListFilter,
} from '../../reference-server/src/areas/issues/repository.ts';
import { newIssue } from '../helpers/issue-rows.ts';
import { seedDatabase } from './issues.bench.ts';

/** Microseconds per call, over `times` calls after 20 to warm up. */
function micros(fn: () => unknown, times: number): number {
  for (let i = 0; i < 20; i += 1) fn();
  const started = process.hrtime.bigint();
  for (let i = 0; i < times; i += 1) fn();
  return Number(process.hrtime.bigint() - started) / times / 1000;
}

function listFigures(db: Db, releaseId: number) {
  const project = db.prepare('SELECT project_id FROM issues LIMIT 1').pluck().get() as number;
  const base: IssueListFilter = {
    projectId: project,
    statuses: [],
    priorities: [],
    assigneeIds: [],
    unassigned: false,
    reporterIds: [],
    releaseIds: null,
    archived: 'exclude',
    raw: 'exclude',
    sentTo: null,
    tagIds: [],
    restrictTo: { userId: null, issueId: null },
    limit: 25,
    offset: 0,
  };
  const three = { statuses: ['open'], priorities: ['high'], releaseIds: [releaseId] };
  const cases: [string, Partial<IssueListFilter>][] = [
    ['no filter, non-team caller', {}],
    ['no filter, team caller', { restrictTo: null }],
    ['no filter, page 100', { offset: 2475 }],
    ['status=open', { statuses: ['open'] }],
    ['status, priority, release (2,500 matches)', three],
    ['status, priority, release, page 50', { ...three, offset: 1225 }],
    ['nine days of created_at', { createdFrom: '2024-02-01T00:00:00.000Z', createdUntil: '2024-02-10T00:00:00.000Z' }],
    ['unassigned (every issue here)', { unassigned: true }],
    ['updated_after (counted in issues_filter_cover)', { updatedFrom: '2024-02-01T00:00:00.000Z' }],
  ];
  return cases.map(([name, patch]) => ({
    name: `list SQL, 100,000 issues: ${name}`,
    value: micros(() => listIssueRows(db, { ...base, ...patch }), 200),
    unit: 'µs',
  }));
}

/** An insert and a status update, each its own savepoint inside one transaction of 2,000. */
function writeFigures(db: Db, label: string) {
  const project = db.prepare('SELECT project_id FROM issues LIMIT 1').pluck().get() as number;
  let n = 0;
  const insert = db.transaction(() => {
    n += 1;
    const at = new Date(Date.parse('2030-01-01T00:00:00.000Z') + n).toISOString();
    return insertIssue(db, newIssue(project, at, { title: `Bench ${n}`, description: 'The game freezes on the map.' }))
      .id;
  });
  const update = db.transaction((id: number, i: number) =>
    updateIssueColumns(db, id, { status: i % 2 ? 'closed' : 'open' }),
  );
  const ids: number[] = [];
  db.exec('BEGIN');
  const inserted = micros(() => ids.push(insert()), 2000);
  let next = 0;
  const updated = micros(() => {
    next += 1;
    update(ids[next % ids.length], next);
  }, 2000);
  db.exec('COMMIT');
  return [
    { name: `issue insert SQL, 100,000 issues, ${label}`, value: inserted, unit: 'µs' },
    { name: `status update SQL, 100,000 issues, ${label}`, value: updated, unit: 'µs' },
  ];
}

export async function run() {
  const { file, releaseId } = seedDatabase();
  const db = openDatabase(file);
  const figures = listFigures(db, releaseId);
  db.close();
  const copy = `${file}.writes`;
  copyFileSync(file, copy);
  const withTriggers = openDatabase(copy);
  figures.push(...writeFigures(withTriggers, 'issue_counts triggers'));
  withTriggers.close();
  copyFileSync(file, copy);
  const without = openDatabase(copy);
  for (const trigger of ['insert', 'update', 'delete']) without.exec(`DROP TRIGGER issue_counts_${trigger}`);
  figures.push(...writeFigures(without, 'no triggers'));
  without.close();
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await run());
