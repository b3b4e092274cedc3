// The typo-tolerant query builder: turns what a person typed into FTS5 MATCH expressions, best
// tier first. Typo budget: one edit for words of 5+ letters, two from 9 (Damerau, transposition
// counts once); the last word is also a prefix. Reused by any FTS5 table with a vocabulary.
import { synonymsOf } from './synonyms.ts';
import { isStopword, stem, tokenize } from './text.ts';

/** What the builder needs to know about an index's terms (see vocabulary.ts). */
export interface TermVocabulary {
  /** Index terms within `maxEdits` of `word`, closest and most frequent first, `word` excluded. */
  nearTerms(word: string, maxEdits: number, limit: number): string[];
  /** Index terms whose beginning is within `maxEdits` of `prefix` but not `prefix` itself. */
  nearPrefixTerms(prefix: string, maxEdits: number, limit: number): string[];
  /** Index terms with this light stem (text.ts `stem`). */
  termsWithStem(wordStem: string): readonly string[];
  documentFrequency(term: string): number;
  /** The largest document count of an index term beginning with `prefix` (a lower bound of the prefix's). */
  prefixDocumentFrequency(prefix: string): number;
  documentCount(): number;
}

export interface QueryWord {
  word: string;
  prefix: boolean;
  /** Other forms of the word in the index (same light stem): crash, crashes, crashed. */
  forms: string[];
  /** Synonyms (synonyms.ts) and their forms, and terms within the typo budget. */
  alternatives: string[];
  /** In at least half the documents of a large index: not required by the every-word tiers (isCommonWord). */
  common: boolean;
}

export interface SearchPlan {
  words: QueryWord[];
  /**
   * FTS5 MATCH expressions, best first: every word (or a form of it); every word, synonyms and
   * typos allowed; any of the rarest words. A caller moves to the next tier when it needs more. Words common to most
   * of a large index are not required (isCommonWord).
   */
  tiers: string[];
  /** The any-word tier's expression, when there is one (a fallback for a short list: callers rank less of it). */
  anyWord?: string;
}

export interface QueryOptions {
  /** Words beyond this are ignored (a pasted log must not build a huge expression). */
  maxWords?: number;
  /** Typo candidates kept per word. */
  typosPerWord?: number;
  /**
   * The vocabulary holds every term of the index (the issues' follows its change log): an every-word tier with a
   * word no index term can match is left out instead of asking FTS5 to find nothing.
   */
  exactVocabulary?: boolean;
}

/** Typos allowed in a word: none below five letters or with digits, one from five, two from nine. */
export function typoBudget(word: string): number {
  if (/\d/.test(word)) return 0;
  const length = [...word].length;
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

let before = new Int32Array(64);
let previous = new Int32Array(64);
let current = new Int32Array(64);

/**
 * Optimal-string-alignment distance between a and b, or max + 1 as soon as it must exceed max.
 * With `prefix`, the distance from a to the closest beginning of b (b may run on).
 */
export function editDistance(a: string, b: string, max: number, prefix = false): number {
  const n = a.length;
  const m = b.length;
  if (!prefix && Math.abs(n - m) > max) return max + 1;
  if (m + 1 > previous.length) {
    before = new Int32Array(m + 1);
    previous = new Int32Array(m + 1);
    current = new Int32Array(m + 1);
  }
  for (let j = 0; j <= m; j += 1) previous[j] = j;
  for (let i = 1; i <= n; i += 1) {
    const ca = a.charCodeAt(i - 1);
    const caPrev = i > 1 ? a.charCodeAt(i - 2) : -1;
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= m; j += 1) {
      const cb = b.charCodeAt(j - 1);
      let value = previous[j - 1] + (ca === cb ? 0 : 1);
      if (previous[j] + 1 < value) value = previous[j] + 1;
      if (current[j - 1] + 1 < value) value = current[j - 1] + 1;
      if (j > 1 && ca === b.charCodeAt(j - 2) && caPrev === cb && before[j - 2] + 1 < value) value = before[j - 2] + 1;
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    const spare = before;
    before = previous;
    previous = current;
    current = spare;
  }
  let best = previous[m];
  if (prefix) for (let j = 0; j < m; j += 1) if (previous[j] < best) best = previous[j];
  return Math.min(best, max + 1);
}

/** A term as an FTS5 string, so words like AND, OR, NEAR stay words. */
function quote(term: string, prefix = false): string {
  return `"${term.replaceAll('"', '""')}"${prefix ? '*' : ''}`;
}

function group(word: QueryWord, tolerant: boolean): string {
  const parts = [quote(word.word, word.prefix), ...word.forms.map((t) => quote(t))];
  if (tolerant) parts.push(...word.alternatives.map((t) => quote(t)));
  return parts.length === 1 ? parts[0] : `(${parts.join(' OR ')})`;
}

/**
 * Any word will do, but only the rarest few: they carry the ranking, and in a large index a
 * term in over a tenth of the documents adds little and costs a lot (kept if nothing else is left).
 */
function anyWordTier(words: QueryWord[], vocabulary: TermVocabulary): string {
  const documents = vocabulary.documentCount();
  const common = documents >= 1000 ? documents / 10 : Infinity;
  const weight = (w: QueryWord) =>
    [w.word, ...w.forms, ...w.alternatives].reduce((sum, t) => sum + vocabulary.documentFrequency(t), 0);
  const rarest = [...words].sort((a, b) => weight(a) - weight(b)).slice(0, RAREST_WORDS);
  const every = rarest.flatMap((w) => [
    { term: w.word, prefix: w.prefix },
    ...[...w.forms, ...w.alternatives].map((term) => ({ term, prefix: false })),
  ]);
  const selective = every.filter(({ term }) => vocabulary.documentFrequency(term) <= common);
  return (selective.length > 0 ? selective : every).map(({ term, prefix }) => quote(term, prefix)).join(' OR ');
}

/** Words of the any-word tier. */
const RAREST_WORDS = 3;
/** An index of fewer documents never has common words: in a small one, every word still sorts its documents. */
const LARGE_INDEX = 1000;

/**
 * A word in at least half the documents of a large index (a template line such as "Steps to reproduce", a word like
 * "error" in every description) says nothing about which document is meant: bm25 gives such a term no weight (FTS5
 * floors its negative idf at 1e-6), and as a filter it drops at most half. Yet requiring it costs the most: FTS5
 * walks the whole doclist of each term of the expression to count its documents for bm25 (about 7 ms for a word in
 * each of 100,000 issues). So the every-word tiers leave such words out, as Lucene's common-terms query does with
 * terms over its cutoff frequency; a query made only of them keeps them all.
 */
function isCommonWord(word: string, prefix: boolean, vocabulary: TermVocabulary): boolean {
  const documents = vocabulary.documentCount();
  if (documents < LARGE_INDEX) return false;
  const frequency = prefix ? vocabulary.prefixDocumentFrequency(word) : vocabulary.documentFrequency(word);
  return frequency * 2 >= documents;
}

/** Whether some index term can match the word in an every-word tier (tolerant: with synonyms and typos). */
function canMatch(word: QueryWord, tolerant: boolean, vocabulary: TermVocabulary): boolean {
  if (word.forms.length > 0 || (tolerant && word.alternatives.length > 0)) return true;
  return (word.prefix ? vocabulary.prefixDocumentFrequency(word.word) : vocabulary.documentFrequency(word.word)) > 0;
}

export function buildSearchQuery(text: string, vocabulary: TermVocabulary, options: QueryOptions = {}): SearchPlan {
  const maxWords = options.maxWords ?? 32;
  const typosPerWord = options.typosPerWord ?? 8;
  const all = tokenize(text).slice(0, maxWords);
  if (all.length === 0) return { words: [], tiers: [] };
  const lastIndex = all.length - 1;
  // Stopwords do not have to match, unless the query is nothing but stopwords.
  const kept = all.map((word, index) => ({ word, index })).filter(({ word }) => !isStopword(word));
  const chosen = kept.length > 0 ? kept : all.map((word, index) => ({ word, index }));
  const seen = new Set<string>();
  const words: QueryWord[] = [];
  for (const { word, index } of chosen) {
    const prefix = index === lastIndex;
    const key = `${word}${prefix ? '*' : ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const budget = typoBudget(word);
    const forms = new Set(vocabulary.termsWithStem(stem(word)));
    forms.delete(word);
    const alternatives = new Set<string>();
    for (const s of synonymsOf(stem(word))) for (const term of vocabulary.termsWithStem(s)) alternatives.add(term);
    if (budget > 0) {
      for (const term of vocabulary.nearTerms(word, budget, typosPerWord)) alternatives.add(term);
      if (prefix) for (const term of vocabulary.nearPrefixTerms(word, budget, typosPerWord)) alternatives.add(term);
    }
    for (const term of [word, ...forms]) alternatives.delete(term);
    const common = isCommonWord(word, prefix, vocabulary);
    words.push({ word, prefix, forms: [...forms], alternatives: [...alternatives], common });
  }

  const tiers: string[] = [];
  const add = (expression: string) => {
    if (expression && !tiers.includes(expression)) tiers.push(expression);
  };
  const required = words.some((w) => !w.common) ? words.filter((w) => !w.common) : words;
  for (const tolerant of [false, true]) {
    if (!options.exactVocabulary || required.every((w) => canMatch(w, tolerant, vocabulary)))
      add(required.map((w) => group(w, tolerant)).join(' AND '));
  }
  const anyWord = words.length > 1 ? anyWordTier(words, vocabulary) : '';
  // The same expression as an every-word tier (one word left to require) stays that tier.
  if (!anyWord || tiers.includes(anyWord)) return { words, tiers };
  tiers.push(anyWord);
  return { words, tiers, anyWord };
}
