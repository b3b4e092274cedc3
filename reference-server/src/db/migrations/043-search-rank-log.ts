// The log the ranking index follows (areas/search/issue-rank.ts): every issue whose text entered, changed in or left
// the FTS5 index, or whose project, status or reporter changed, whoever wrote it. A create writes nothing here (its
// issue is only queued, migration 041): the catch-up that dequeues it logs it.
export default {
  version: 43,
  name: 'search-rank-log',
  sql: `
CREATE TABLE search_rank_log (seq INTEGER PRIMARY KEY AUTOINCREMENT, issue_id INTEGER NOT NULL);

CREATE TRIGGER search_rank_indexed AFTER DELETE ON search_index_queue BEGIN
  INSERT INTO search_rank_log (issue_id) VALUES (old.issue_id);
END;

CREATE TRIGGER issues_rank_text AFTER UPDATE OF title, description, raw, project_id, status, reporter_user_id ON issues
WHEN old.raw = 0 OR new.raw = 0 BEGIN
  INSERT INTO search_rank_log (issue_id) VALUES (new.id);
END;

CREATE TRIGGER issues_rank_delete AFTER DELETE ON issues WHEN old.raw = 0 BEGIN
  INSERT INTO search_rank_log (issue_id) VALUES (old.id);
END;
`,
};
