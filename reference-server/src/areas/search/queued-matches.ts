// Issues still queued for the FTS5 index, matched against a search's tiers in memory and scored as bm25 will score
// them once indexed, so a search finds an issue created a moment ago without writing the index itself
// (docs/api/search.md#how-search-works).
import type { Db } from '../../db/database.ts';
import type { Phrase, TierGroups } from './query.ts';
import {
  DESCRIPTION_WEIGHT,
  indexTotals,
  type QueuedIssue,
  queuedIssues,
  type ScoredCandidate,
  TITLE_WEIGHT,
} from './repository.ts';
import { tokenize } from './text.ts';
import type { Vocabulary } from './vocabulary.ts';

/** FTS5's bm25 constants (fts5_aux.c). */
const K1 = 1.2;
const B = 0.75;
/** FTS5 floors an idf at this instead of letting a word in most rows score below zero. */
const IDF_FLOOR = 1e-6;

interface Parsed {
  title: string;
  description: string | null;
  /** Each term's occurrences, weighted by column as bm25 counts them (a title occurrence counts TITLE_WEIGHT). */
  weights: Map<string, number>;
  /** Tokens in both columns: bm25's document length. */
  length: number;
}

/** Parsed texts of queued issues, per connection, kept while the text is unchanged. */
const parsedOf = new WeakMap<Db, Map<number, Parsed>>();

function parse(issue: QueuedIssue): Parsed {
  const weights = new Map<string, number>();
  const title = tokenize(issue.title);
  const description = tokenize(issue.description ?? '');
  for (const term of title) weights.set(term, (weights.get(term) ?? 0) + TITLE_WEIGHT);
  for (const term of description) weights.set(term, (weights.get(term) ?? 0) + DESCRIPTION_WEIGHT);
  return { title: issue.title, description: issue.description, weights, length: title.length + description.length };
}

/** The weighted occurrences of a phrase in a document: of the term, or of every term it begins. */
function frequency(parsed: Parsed, phrase: Phrase): number {
  if (!phrase.prefix) return parsed.weights.get(phrase.term) ?? 0;
  let sum = 0;
  for (const [term, weight] of parsed.weights) if (term.startsWith(phrase.term)) sum += weight;
  return sum;
}

/** Finds the queued issues of one tier in a project, best first, minus `skip`; answers them with their scores. */
export type QueuedMatcher = (tier: TierGroups, projectId: number, skip: ReadonlySet<number>) => ScoredCandidate[];

/**
 * Reads the queue once and answers a matcher for a search's tiers, or null when more than `limit` issues wait. A queued issue is scored
 * with the statistics it will count in once indexed: the index's rows and tokens plus the queue's, and the
 * vocabulary's document counts (which the queue's words entered through the change log). A prefix phrase's count is
 * the sum of its terms' (FTS5 counts the rows holding any of them: the sum is an upper bound).
 */
export function matchQueuedIssues(db: Db, vocabulary: Vocabulary, limit: number): QueuedMatcher | null {
  const queued = queuedIssues(db, limit + 1);
  if (queued.length > limit) return null;
  if (queued.length === 0) return () => [];
  const known = parsedOf.get(db) ?? new Map<number, Parsed>();
  const parsed = new Map<number, Parsed>();
  let queuedTokens = 0;
  for (const issue of queued) {
    let entry = known.get(issue.id);
    if (!entry || entry.title !== issue.title || entry.description !== issue.description) entry = parse(issue);
    parsed.set(issue.id, entry);
    queuedTokens += entry.length;
  }
  parsedOf.set(db, parsed);
  const totals = indexTotals(db);
  const rows = totals.rows + queued.length;
  const averageLength = (totals.tokens + queuedTokens) / rows;
  const idfs = new Map<string, number>();
  const idfOf = (phrase: Phrase) => {
    const key = `${phrase.term}${phrase.prefix ? '*' : ''}`;
    let idf = idfs.get(key);
    if (idf === undefined) {
      const hits = Math.min(rows, Math.max(1, documentsOf(vocabulary, phrase)));
      idf = Math.max(IDF_FLOOR, Math.log((rows - hits + 0.5) / (hits + 0.5)));
      idfs.set(key, idf);
    }
    return idf;
  };

  return (tier, projectId, skip) => {
    const found: ScoredCandidate[] = [];
    for (const issue of queued) {
      if (issue.project_id !== projectId || skip.has(issue.id)) continue;
      const doc = parsed.get(issue.id)!;
      const counts = tier.map((group) => group.map((phrase) => frequency(doc, phrase)));
      if (!counts.every((group) => group.some((f) => f > 0))) continue;
      // bm25 as fts5_aux.c sums it: every phrase of the expression, each with its idf and weighted frequency.
      const norm = K1 * (1 - B + (B * doc.length) / averageLength);
      let score = 0;
      for (let g = 0; g < tier.length; g += 1) {
        for (let p = 0; p < tier[g].length; p += 1) {
          const f = counts[g][p];
          if (f > 0) score += (idfOf(tier[g][p]) * (f * (K1 + 1))) / (f + norm);
        }
      }
      const { id, status, raw, reporter_user_id } = issue;
      found.push({ id, status, raw, reporter_user_id, score: -score });
    }
    return found.sort((a, b) => a.score - b.score || a.id - b.id);
  };
}

function documentsOf(vocabulary: Vocabulary, phrase: Phrase): number {
  return phrase.prefix ? vocabulary.prefixDocumentTotal(phrase.term) : vocabulary.documentFrequency(phrase.term);
}
