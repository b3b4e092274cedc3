// The terms of the feature request FTS5 index, as search/query.ts's typo-tolerant builder needs
// them, read straight from an fts5vocab table. The vocab table is a TEMP one made per connection,
// so it never appears in the schema (nor in /__admin/reset, which empties virtual tables).
import type { Db } from '../../db/database.ts';
import { stmt } from '../../db/database.ts';
import { editDistance, type TermVocabulary } from '../search/query.ts';
import { stem } from '../search/text.ts';

const prepared = new WeakSet<Db>();

function ensureVocabTable(db: Db): void {
  if (prepared.has(db)) return;
  db.exec(
    'CREATE VIRTUAL TABLE IF NOT EXISTS temp.feature_requests_vocab USING fts5vocab(main, ' +
      "'feature_requests_fts', 'row')",
  );
  prepared.add(db);
}

function closest(
  word: string,
  candidates: Array<{ term: string; doc: number }>,
  maxEdits: number,
  limit: number,
  prefix: boolean,
): string[] {
  return candidates
    .filter(({ term }) => term !== word && !(prefix && term.startsWith(word)))
    .map(({ term, doc }) => ({ term, doc, distance: editDistance(word, term, maxEdits, prefix) }))
    .filter(({ distance }) => distance <= maxEdits)
    .sort((a, b) => a.distance - b.distance || b.doc - a.doc || a.term.localeCompare(b.term))
    .slice(0, limit)
    .map(({ term }) => term);
}

export function featureRequestVocabulary(db: Db): TermVocabulary {
  ensureVocabTable(db);
  const termsOfLength = (min: number, max: number) =>
    stmt(db, 'SELECT term, doc FROM temp.feature_requests_vocab WHERE length(term) BETWEEN ? AND ?').all(
      min,
      max,
    ) as Array<{ term: string; doc: number }>;
  return {
    nearTerms: (word, maxEdits, limit) =>
      closest(word, termsOfLength(word.length - maxEdits, word.length + maxEdits), maxEdits, limit, false),
    nearPrefixTerms: (prefix, maxEdits, limit) =>
      closest(prefix, termsOfLength(prefix.length - maxEdits, 1000), maxEdits, limit, true),
    termsWithStem(wordStem) {
      const head = wordStem.slice(0, 3);
      const terms = stmt(db, 'SELECT term FROM temp.feature_requests_vocab WHERE term >= ? AND term < ?')
        .pluck()
        .all(head, `${head}\uffff`) as string[];
      return terms.filter((term) => stem(term) === wordStem);
    },
    documentFrequency: (term) =>
      (stmt(db, 'SELECT doc FROM temp.feature_requests_vocab WHERE term = ?').pluck().get(term) as
        | number
        | undefined) ?? 0,
    documentCount: () => stmt(db, 'SELECT count(*) FROM feature_requests_fts').pluck().get() as number,
  };
}
