// The issue list over many issues (docs/benchmarks-history.md#the-lists-sql-at-100000-issues): a per-project count of
// issues by the columns of the common filters, kept by triggers, and newest-first indexes that carry every
// filtered column.
export default {
  version: 14,
  name: 'issue-list-counts',
  sql: `
-- Issues per project, archived, raw, status, priority and release. A NULL release is stored as the text 'none',
-- which no release id of a filter (an integer) can equal, so the key never holds a NULL and upserts always meet
-- their row. Rows whose count falls to 0 stay (they are few: one per combination ever used).
CREATE TABLE issue_counts (
  project_id INTEGER NOT NULL,
  archived INTEGER NOT NULL,
  raw INTEGER NOT NULL,
  status TEXT NOT NULL,
  priority TEXT NOT NULL,
  release_key NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (project_id, archived, raw, status, priority, release_key)
) WITHOUT ROWID;

INSERT INTO issue_counts (project_id, archived, raw, status, priority, release_key, n)
SELECT project_id, archived, raw, status, priority, coalesce(release_id, 'none'), count(*) FROM issues
GROUP BY project_id, archived, raw, status, priority, coalesce(release_id, 'none');

CREATE TRIGGER issue_counts_insert AFTER INSERT ON issues BEGIN
  INSERT INTO issue_counts (project_id, archived, raw, status, priority, release_key, n)
  VALUES (new.project_id, new.archived, new.raw, new.status, new.priority, coalesce(new.release_id, 'none'), 1)
  ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER issue_counts_delete AFTER DELETE ON issues BEGIN
  UPDATE issue_counts SET n = n - 1
  WHERE project_id = old.project_id AND archived = old.archived AND raw = old.raw AND status = old.status
    AND priority = old.priority AND release_key = coalesce(old.release_id, 'none');
END;

CREATE TRIGGER issue_counts_update AFTER UPDATE OF project_id, archived, raw, status, priority, release_id ON issues
WHEN old.project_id IS NOT new.project_id OR old.archived IS NOT new.archived OR old.raw IS NOT new.raw
  OR old.status IS NOT new.status OR old.priority IS NOT new.priority OR old.release_id IS NOT new.release_id
BEGIN
  UPDATE issue_counts SET n = n - 1
  WHERE project_id = old.project_id AND archived = old.archived AND raw = old.raw AND status = old.status
    AND priority = old.priority AND release_key = coalesce(old.release_id, 'none');
  INSERT INTO issue_counts (project_id, archived, raw, status, priority, release_key, n)
  VALUES (new.project_id, new.archived, new.raw, new.status, new.priority, coalesce(new.release_id, 'none'), 1)
  ON CONFLICT DO UPDATE SET n = n + 1;
END;

-- Newest first within a project, id as the tie-break (as the list orders), then every column a list filter
-- compares: a page is read by walking this index and filtering inside it, without a sort or a table read.
-- The other walk indexes are the same under one status, one assignee or one reporter, so a list filtered by one
-- of those reads only its entries (and counts them, for assignee and reporter). They replace
-- issues_project_created and the (project_id, X, created_at) indexes of status, assignee and reporter (prefixes of
-- them) and issues_project_status (a prefix of the status one). The list names its indexes (INDEXED BY), so the
-- priority and release ones serve nothing any more (the count of a release's issues scans issues_filter_cover
-- instead): six indexes on issues instead of nine for every insert to keep.
CREATE INDEX issues_list_walk ON issues (project_id, created_at, id, archived, raw, status, priority, release_id,
  assigned_to_user_id, reporter_user_id, updated_at);
CREATE INDEX issues_status_walk ON issues (project_id, status, created_at, id, archived, raw, priority, release_id,
  assigned_to_user_id, reporter_user_id, updated_at);
CREATE INDEX issues_assignee_walk ON issues (project_id, assigned_to_user_id, created_at, id, archived, raw, status,
  priority, release_id, reporter_user_id, updated_at);
CREATE INDEX issues_reporter_walk ON issues (project_id, reporter_user_id, created_at, id, archived, raw, status,
  priority, release_id, assigned_to_user_id, updated_at);
DROP INDEX IF EXISTS issues_project_created;
DROP INDEX IF EXISTS issues_project_status;
DROP INDEX IF EXISTS issues_project_status_created;
DROP INDEX IF EXISTS issues_project_assignee;
DROP INDEX IF EXISTS issues_project_reporter;
DROP INDEX IF EXISTS issues_project_priority;
DROP INDEX IF EXISTS issues_project_release;
`,
};
