// The issue index's segments are merged by the job thread's sweep (areas/search/issue-index.ts mergeIssueIndex), not
// by whichever write adds a segment: with FTS5's automerge, a search catching up one queued issue could pay tens of
// milliseconds of merging. Crisis merges stay, at 8 segments a level: merging that many small segments is cheap.
export default {
  version: 42,
  name: 'search-index-merges',
  sql: `
INSERT INTO issues_fts (issues_fts, rank) VALUES ('automerge', 0);
INSERT INTO issues_fts (issues_fts, rank) VALUES ('crisismerge', 8);
`,
};
