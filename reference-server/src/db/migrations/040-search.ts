// Search and similarity: the FTS5 index over issue titles and descriptions (external content,
// kept in sync by triggers, `raw` issues left out), the change log the in-memory vocabularies
// follow, and the per-issue embeddings with the queue of issues whose vector is out of date.
export default {
  version: 40,
  name: 'search',
  sql:
    `
CREATE VIRTUAL TABLE issues_fts USING fts5(
  title, description,
  content = 'issues', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);

-- Issues whose words entered the index; each process's vocabulary reads what it has not seen.
CREATE TABLE search_vocab_log (seq INTEGER PRIMARY KEY AUTOINCREMENT, issue_id INTEGER NOT NULL);

CREATE TABLE issue_embeddings (
  issue_id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL,
  archived INTEGER NOT NULL DEFAULT 0,
  vector BLOB NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX issue_embeddings_project ON issue_embeddings (project_id, issue_id);

-- Issues whose embedding must be (re)computed or dropped; filled by triggers, so writes that
-- bypass the issue service (fixtures, SQL) are caught up too.
CREATE TABLE embedding_queue (issue_id INTEGER PRIMARY KEY);
-- Bumped whenever a project's stored vectors change, so a cached matrix knows it is stale.
CREATE TABLE embedding_generations (project_id INTEGER PRIMARY KEY, generation INTEGER NOT NULL);

CREATE TRIGGER issues_search_insert AFTER INSERT ON issues BEGIN
  INSERT INTO issues_fts (rowid, title, description) SELECT new.id, new.title, new.description WHERE new.raw = 0;
  INSERT INTO search_vocab_log (issue_id) SELECT new.id WHERE new.raw = 0;
  INSERT OR IGNORE INTO embedding_queue (issue_id) SELECT new.id WHERE new.raw = 0;
END;

CREATE TRIGGER issues_search_text AFTER UPDATE OF title, description, raw ON issues BEGIN
  INSERT INTO issues_fts (issues_fts, rowid, title, description) SELECT 'delete', old.id, old.title, old.description ` +
    `WHERE old.raw = 0;
  INSERT INTO issues_fts (rowid, title, description) SELECT new.id, new.title, new.description WHERE new.raw = 0;
  INSERT INTO search_vocab_log (issue_id) SELECT new.id WHERE new.raw = 0;
END;

CREATE TRIGGER issues_embedding_stale AFTER UPDATE OF title, description, raw, archived, project_id ON issues BEGIN
  INSERT OR IGNORE INTO embedding_queue (issue_id) VALUES (new.id);
END;

CREATE TRIGGER issues_search_delete AFTER DELETE ON issues BEGIN
  INSERT INTO issues_fts (issues_fts, rowid, title, description) SELECT 'delete', old.id, old.title, old.description ` +
    `WHERE old.raw = 0;
  INSERT OR IGNORE INTO embedding_queue (issue_id) VALUES (old.id);
END;
`,
};
