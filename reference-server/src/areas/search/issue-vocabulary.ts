// The vocabulary of the issue index, one per database connection: loaded from fts5vocab on
// first use, then brought up to date from search_vocab_log (filled by the index triggers) before
// each search, so writes from anywhere (issue service, fixtures, SQL) are seen.
import type { Db } from '../../db/database.ts';
import {
  countIndexedIssues,
  issueIndexTerms,
  trimVocabularyLog,
  vocabularyLogBounds,
  vocabularyLogSince,
} from './repository.ts';
import { catchUpIssueIndex } from './issue-index.ts';
import { tokenize } from './text.ts';
import { Vocabulary } from './vocabulary.ts';

interface Loaded {
  vocabulary: Vocabulary;
  seq: number;
}

const loaded = new WeakMap<Db, Loaded>();
/** Past this many unseen log entries a fresh load from fts5vocab is cheaper than replaying them. */
const REPLAY_LIMIT = 2000;
/** Log entries kept behind the reader, for another process on the same database file. */
const LOG_TAIL = 1000;

function loadFresh(db: Db): Loaded {
  const last = vocabularyLogBounds(db).last ?? 0;
  const vocabulary = new Vocabulary();
  for (const { term, doc } of issueIndexTerms(db)) vocabulary.add(term, doc);
  vocabulary.addDocuments(countIndexedIssues(db));
  return { vocabulary, seq: last };
}

export function issueVocabulary(db: Db): Vocabulary {
  // The vocabulary follows the index: queued issues enter it first, or a fresh load would miss their words.
  catchUpIssueIndex(db);
  let state = loaded.get(db);
  const { first, last } = vocabularyLogBounds(db);
  if (!state || (last !== null && (last - state.seq > REPLAY_LIMIT || (first !== null && first > state.seq + 1)))) {
    state = loadFresh(db);
    loaded.set(db, state);
  } else if (last !== null && last > state.seq) {
    for (const entry of vocabularyLogSince(db, state.seq, REPLAY_LIMIT + 1)) {
      state.seq = entry.seq;
      if (entry.title === null) continue;
      state.vocabulary.addDocuments(1);
      for (const term of new Set(tokenize(`${entry.title} ${entry.description ?? ''}`))) state.vocabulary.add(term);
    }
  } else {
    return state.vocabulary;
  }
  if (state.seq - LOG_TAIL > 0 && first !== null && first <= state.seq - LOG_TAIL)
    trimVocabularyLog(db, state.seq - LOG_TAIL);
  return state.vocabulary;
}

/** Forgets the vocabulary of a database (after /__admin/reset). */
export function forgetIssueVocabulary(db: Db): void {
  loaded.delete(db);
}
