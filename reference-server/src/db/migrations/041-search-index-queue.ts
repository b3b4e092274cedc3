// Issue text enters the FTS5 index after the create instead of inside it: the insert trigger queues the issue
// (search_index_queue) and the index is caught up in batches, by the job thread and by every search before it reads
// (areas/search/issue-index.ts). An issue still queued is not in the index, so the update and delete triggers leave
// the index alone for it (its current text is indexed when the queue is caught up); for every other issue they keep
// the index in step as before. Invariant: a non-raw issue is either queued or indexed with its current text.
export default {
  version: 41,
  name: 'search-index-queue',
  sql: `
CREATE TABLE search_index_queue (issue_id INTEGER PRIMARY KEY);

DROP TRIGGER issues_search_insert;
CREATE TRIGGER issues_search_insert AFTER INSERT ON issues BEGIN
  INSERT OR IGNORE INTO search_index_queue (issue_id) SELECT new.id WHERE new.raw = 0;
  INSERT INTO search_vocab_log (issue_id) SELECT new.id WHERE new.raw = 0;
  INSERT OR IGNORE INTO embedding_queue (issue_id) SELECT new.id WHERE new.raw = 0;
END;

DROP TRIGGER issues_search_text;
CREATE TRIGGER issues_search_text AFTER UPDATE OF title, description, raw ON issues BEGIN
  INSERT INTO issues_fts (issues_fts, rowid, title, description) SELECT 'delete', old.id, old.title, old.description
    WHERE old.raw = 0 AND NOT EXISTS (SELECT 1 FROM search_index_queue WHERE issue_id = old.id);
  INSERT INTO issues_fts (rowid, title, description) SELECT new.id, new.title, new.description
    WHERE new.raw = 0 AND NOT EXISTS (SELECT 1 FROM search_index_queue WHERE issue_id = new.id);
  INSERT INTO search_vocab_log (issue_id) SELECT new.id WHERE new.raw = 0;
END;

DROP TRIGGER issues_search_delete;
CREATE TRIGGER issues_search_delete AFTER DELETE ON issues BEGIN
  INSERT INTO issues_fts (issues_fts, rowid, title, description) SELECT 'delete', old.id, old.title, old.description
    WHERE old.raw = 0 AND NOT EXISTS (SELECT 1 FROM search_index_queue WHERE issue_id = old.id);
  DELETE FROM search_index_queue WHERE issue_id = old.id;
  INSERT OR IGNORE INTO embedding_queue (issue_id) VALUES (old.id);
END;
`,
};
