// The change log the feature-request search vocabulary follows (areas/feature-requests/vocabulary.ts), as the issue
// vocabulary follows search_vocab_log: each created request (`added` 1) and each edit of a title or description
// (`added` 0) appends its id, whoever writes. The log keeps its last 1,000 entries; a reader further behind sees a
// gap and reads the index's vocabulary afresh.
export default {
  version: 36,
  name: 'feature-request-vocabulary-log',
  sql: `
CREATE TABLE feature_request_vocab_log (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  feature_request_id INTEGER NOT NULL,
  added INTEGER NOT NULL
);
CREATE TRIGGER feature_request_vocab_log_insert AFTER INSERT ON feature_requests BEGIN
  INSERT INTO feature_request_vocab_log (feature_request_id, added) VALUES (new.id, 1);
END;
CREATE TRIGGER feature_request_vocab_log_edit AFTER UPDATE OF title, description ON feature_requests BEGIN
  INSERT INTO feature_request_vocab_log (feature_request_id, added) VALUES (new.id, 0);
END;
CREATE TRIGGER feature_request_vocab_log_trim AFTER INSERT ON feature_request_vocab_log BEGIN
  DELETE FROM feature_request_vocab_log WHERE seq <= new.seq - 1000;
END;
`,
};
