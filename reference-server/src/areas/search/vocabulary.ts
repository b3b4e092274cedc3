// The in-memory vocabulary of an FTS5 index: every term with its document count, bucketed by
// length (typo lookups), first letter (typo'd prefixes) and light stem (word forms), each term with its letter mask
// (a cheap bound that skips most distance computations). Loaded from an fts5vocab table, then followed through a
// change log; see issueVocabulary for the issues.
import { editDistance, type TermVocabulary } from './query.ts';
import { stem } from './text.ts';

interface Candidate {
  term: string;
  distance: number;
  documents: number;
}

function best(candidates: Candidate[], limit: number): string[] {
  return candidates
    .sort((a, b) => a.distance - b.distance || b.documents - a.documents || (a.term < b.term ? -1 : 1))
    .slice(0, limit)
    .map((c) => c.term);
}

/** Bit `code % 32` of every character of the first `length` ones. */
function letterMask(text: string, length = text.length): number {
  let mask = 0;
  for (let i = 0; i < length; i += 1) mask |= 1 << (text.charCodeAt(i) & 31);
  return mask;
}

function bitCount(bits: number): number {
  let x = bits - ((bits >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * Terms with their letter masks. An edit removes at most one character of a word and adds at most one, so within
 * `maxEdits` edits at most `maxEdits` of the word's mask bits are missing from the term's mask and the other way
 * round: a term failing that is skipped without computing its distance (about nine in ten of a length bucket).
 */
interface Bucket {
  terms: string[];
  masks: number[];
}

export class Vocabulary implements TermVocabulary {
  private readonly documents = new Map<string, number>();
  private readonly byLength = new Map<number, Bucket>();
  private readonly byFirst = new Map<string, Bucket>();
  private readonly byStem = new Map<string, string[]>();
  private readonly lookups = new Map<string, string[]>();
  private totalDocuments = 0;

  get size(): number {
    return this.documents.size;
  }

  /** Counts `documents` more documents holding the term. */
  add(term: string, documents = 1): void {
    const known = this.documents.get(term);
    this.documents.set(term, (known ?? 0) + documents);
    if (known !== undefined) return;
    const mask = letterMask(term);
    const push = <K>(map: Map<K, Bucket>, key: K) => {
      const bucket = map.get(key);
      if (bucket) {
        bucket.terms.push(term);
        bucket.masks.push(mask);
      } else map.set(key, { terms: [term], masks: [mask] });
    };
    push(this.byLength, term.length);
    push(this.byFirst, term[0]);
    const forms = this.byStem.get(stem(term));
    if (forms) forms.push(term);
    else this.byStem.set(stem(term), [term]);
    // A new term may be a better typo candidate for a remembered lookup.
    this.lookups.clear();
  }

  addDocuments(count: number): void {
    this.totalDocuments += count;
  }

  documentCount(): number {
    return this.totalDocuments;
  }

  documentFrequency(term: string): number {
    return this.documents.get(term) ?? 0;
  }

  prefixDocumentFrequency(prefix: string): number {
    let most = this.documentFrequency(prefix);
    const bucket = this.byFirst.get(prefix[0]);
    for (let i = 0; bucket && i < bucket.terms.length; i += 1) {
      const term = bucket.terms[i];
      if (term.length > prefix.length && term.startsWith(prefix)) most = Math.max(most, this.documentFrequency(term));
    }
    return most;
  }

  termsWithStem(wordStem: string): readonly string[] {
    return this.byStem.get(wordStem) ?? [];
  }

  nearTerms(word: string, maxEdits: number, limit: number): string[] {
    return this.remember(`=${maxEdits}:${word}`, () => {
      const found: Candidate[] = [];
      const wordMask = letterMask(word);
      for (let length = word.length - maxEdits; length <= word.length + maxEdits; length += 1) {
        const bucket = this.byLength.get(length);
        if (!bucket) continue;
        for (let i = 0; i < bucket.terms.length; i += 1) {
          const mask = bucket.masks[i];
          if (bitCount(wordMask & ~mask) > maxEdits || bitCount(mask & ~wordMask) > maxEdits) continue;
          const term = bucket.terms[i];
          if (term === word) continue;
          const distance = editDistance(word, term, maxEdits);
          if (distance <= maxEdits) found.push({ term, distance, documents: this.documentFrequency(term) });
        }
      }
      return best(found, limit);
    });
  }

  /** Typo'd prefixes keep their first letter: it keeps the scan small, and is rarely wrong. */
  nearPrefixTerms(prefix: string, maxEdits: number, limit: number): string[] {
    return this.remember(`*${maxEdits}:${prefix}`, () => {
      const found: Candidate[] = [];
      const bucket = this.byFirst.get(prefix[0]);
      const prefixMask = letterMask(prefix);
      for (let i = 0; bucket && i < bucket.terms.length; i += 1) {
        // A typo'd prefix may only miss what `maxEdits` edits put right: letters of the prefix the term lacks.
        if (bitCount(prefixMask & ~bucket.masks[i]) > maxEdits) continue;
        const term = bucket.terms[i];
        if (term.length < prefix.length - maxEdits || term.startsWith(prefix)) continue;
        // The closest beginning is at most `maxEdits` longer than the prefix.
        if (bitCount(prefixMask & ~letterMask(term, Math.min(term.length, prefix.length + maxEdits))) > maxEdits)
          continue;
        const distance = editDistance(prefix, term, maxEdits, true);
        if (distance <= maxEdits) found.push({ term, distance, documents: this.documentFrequency(term) });
      }
      return best(found, limit);
    });
  }

  private remember(key: string, compute: () => string[]): string[] {
    let result = this.lookups.get(key);
    if (!result) {
      if (this.lookups.size > 5000) this.lookups.clear();
      result = compute();
      this.lookups.set(key, result);
    }
    return result;
  }
}
