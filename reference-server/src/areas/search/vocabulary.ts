// The in-memory vocabulary of an FTS5 index: every term with its document count, bucketed by
// length (typo lookups), first letter (typo'd prefixes) and light stem (word forms). Loaded from
// an fts5vocab table, then followed through a change log; see issueVocabulary for the issues.
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

export class Vocabulary implements TermVocabulary {
  private readonly documents = new Map<string, number>();
  private readonly byLength = new Map<number, string[]>();
  private readonly byFirst = new Map<string, string[]>();
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
    const push = <K>(map: Map<K, string[]>, key: K) => {
      const list = map.get(key);
      if (list) list.push(term);
      else map.set(key, [term]);
    };
    push(this.byLength, term.length);
    push(this.byFirst, term[0]);
    push(this.byStem, stem(term));
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

  termsWithStem(wordStem: string): readonly string[] {
    return this.byStem.get(wordStem) ?? [];
  }

  nearTerms(word: string, maxEdits: number, limit: number): string[] {
    return this.remember(`=${maxEdits}:${word}`, () => {
      const found: Candidate[] = [];
      for (let length = word.length - maxEdits; length <= word.length + maxEdits; length += 1) {
        for (const term of this.byLength.get(length) ?? []) {
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
      for (const term of this.byFirst.get(prefix[0]) ?? []) {
        if (term.length < prefix.length - maxEdits || term.startsWith(prefix)) continue;
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
