// The terms of the feature request FTS5 index, as search/query.ts's typo-tolerant builder needs
// them: loaded once from an fts5vocab table and kept in memory. The vocab table is a TEMP one made per
// connection, so it never appears in the schema (nor in /__admin/reset, which empties virtual tables).
import type { Db } from '../../db/database.ts';
import { stmt } from '../../db/database.ts';
import type { TermVocabulary } from '../search/query.ts';
import { tokenize } from '../search/text.ts';
import { Vocabulary } from '../search/vocabulary.ts';

const prepared = new WeakSet<Db>();

function ensureVocabTable(db: Db): void {
  if (prepared.has(db)) return;
  db.exec(
    'CREATE VIRTUAL TABLE IF NOT EXISTS temp.feature_requests_vocab USING fts5vocab(main, ' +
      "'feature_requests_fts', 'row')",
  );
  prepared.add(db);
}

interface Loaded {
  vocabulary: Vocabulary;
  lastId: number;
  count: number;
  loadedAt: number;
}

const loaded = new WeakMap<Db, Loaded>();
/** Past this many new requests a fresh load is cheaper than adding their words one by one. */
const REPLAY_LIMIT = 2000;
/** An edited title or description reaches the typo candidates at the next fresh load, at most this late. */
const MAX_AGE_MS = 60_000;

function loadFresh(db: Db, lastId: number, count: number): Loaded {
  ensureVocabTable(db);
  const vocabulary = new Vocabulary();
  const rows = stmt(db, 'SELECT term, doc FROM temp.feature_requests_vocab').all() as Array<{
    term: string;
    doc: number;
  }>;
  for (const { term, doc } of rows) vocabulary.add(term, doc);
  vocabulary.addDocuments(count);
  return { vocabulary, lastId, count, loadedAt: Date.now() };
}

/**
 * The vocabulary of the feature request index, kept in memory per connection like the issues' (search/vocabulary.ts):
 * reading fts5vocab scans the whole index, far too slow for type-ahead at every query. New requests add their words;
 * fewer rows (a deletion, a reset), a long run of new ones or an old load read fts5vocab again.
 */
export function featureRequestVocabulary(db: Db): TermVocabulary {
  const { lastId, count } = stmt(
    db,
    'SELECT coalesce(max(id), 0) AS lastId, count(*) AS count FROM feature_requests',
  ).get() as {
    lastId: number;
    count: number;
  };
  let state = loaded.get(db);
  if (
    !state ||
    lastId < state.lastId ||
    count < state.count ||
    lastId - state.lastId > REPLAY_LIMIT ||
    Date.now() - state.loadedAt > MAX_AGE_MS
  ) {
    state = loadFresh(db, lastId, count);
    loaded.set(db, state);
  } else if (lastId > state.lastId) {
    const added = stmt(db, 'SELECT title, description FROM feature_requests WHERE id > ? ORDER BY id').all(
      state.lastId,
    ) as Array<{ title: string; description: string }>;
    for (const row of added) {
      state.vocabulary.addDocuments(1);
      for (const term of new Set(tokenize(`${row.title} ${row.description}`))) state.vocabulary.add(term);
    }
    state.lastId = lastId;
    state.count = count;
  }
  return state.vocabulary;
}
