// The terms of the feature request FTS5 index, as search/query.ts's typo-tolerant builder needs them: read once from
// fts5vocab per connection, then kept up to date from the change log (migration 036) before each search, so a search
// never reads the whole vocabulary again while the log reaches back to what it last saw.
import type { Db } from '../../db/database.ts';
import type { TermVocabulary } from '../search/query.ts';
import { tokenize } from '../search/text.ts';
import { Vocabulary } from '../search/vocabulary.ts';
import {
  countFeatureRequests,
  featureRequestIndexTerms,
  vocabularyLogBounds,
  vocabularyLogSince,
} from './search-repository.ts';

interface Loaded {
  vocabulary: Vocabulary;
  /** The last log entry the vocabulary holds. */
  seq: number;
}

const loaded = new WeakMap<Db, Loaded>();

function loadFresh(db: Db): Loaded {
  // The log's end is read before the terms: a request created in between is counted twice at worst, never missed.
  const seq = vocabularyLogBounds(db).last ?? 0;
  const vocabulary = new Vocabulary();
  for (const { term, doc } of featureRequestIndexTerms(db)) vocabulary.add(term, doc);
  vocabulary.addDocuments(countFeatureRequests(db));
  return { vocabulary, seq };
}

/**
 * The vocabulary of the feature request index, kept in memory per connection: reading fts5vocab walks the whole
 * index, far too slow for type-ahead at every query. A new request adds its words and a document; an edited one adds
 * the words the vocabulary lacks (its other words already count it). A log emptied or trimmed past what was last seen
 * (a reset, another connection's long run of writes) reads fts5vocab again. Deleted requests stay counted until then:
 * a typo candidate found in no request matches nothing, and the live index decides every match.
 */
export function featureRequestVocabulary(db: Db): TermVocabulary {
  const { first, last } = vocabularyLogBounds(db);
  let state = loaded.get(db);
  if (!state || (last ?? 0) < state.seq || (first !== null && first > state.seq + 1)) {
    state = loadFresh(db);
    loaded.set(db, state);
  } else if (last !== null && last > state.seq) {
    for (const entry of vocabularyLogSince(db, state.seq)) {
      state.seq = entry.seq;
      if (entry.title === null) continue; // deleted since
      const terms = new Set(tokenize(`${entry.title} ${entry.description ?? ''}`));
      if (entry.added) {
        state.vocabulary.addDocuments(1);
        for (const term of terms) state.vocabulary.add(term);
      } else {
        for (const term of terms) if (state.vocabulary.documentFrequency(term) === 0) state.vocabulary.add(term);
      }
    }
  }
  return state.vocabulary;
}

/** Forgets the vocabulary of a database (after /__admin/reset). */
export function forgetFeatureRequestVocabulary(db: Db): void {
  loaded.delete(db);
}
