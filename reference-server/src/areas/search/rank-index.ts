// The in-memory side of issue ranking: each indexed issue's term counts (title and description apart) and length,
// each term's document count and the index's totals, so bm25 is computed here as FTS5's bm25() computes it, without
// FTS5 reading every matching row's positions and walking each term's whole doclist to count its documents.
import { type CandidateFacts, DESCRIPTION_WEIGHT, TITLE_WEIGHT } from './repository.ts';
import type { RankedIssue } from './rank-repository.ts';
import { tokenize } from './text.ts';

/** FTS5's bm25 constants (fts5_aux.c). */
const K1 = 1.2;
const B = 0.75;

/** A quoted term of an FTS5 expression the query builder wrote; `prefix` when a `*` follows it. */
export interface Phrase {
  term: string;
  prefix: boolean;
}

/** The phrases of an FTS5 expression, in the order FTS5 numbers them (its bm25 sums them in that order). */
export function phrasesOf(expression: string): Phrase[] {
  return [...expression.matchAll(/"((?:[^"]|"")*)"(\*?)/g)].map((m) => ({
    term: m[1].replaceAll('""', '"'),
    prefix: m[2] === '*',
  }));
}

/**
 * Counts of a term in one issue, packed in an int: the title's in the low 12 bits (a title of at most 1,000
 * characters holds fewer than 4,096 words), the description's above them (up to 2^19: 65,536 characters hold fewer).
 */
const TITLE_BITS = 12;
const TITLE_MAX = (1 << TITLE_BITS) - 1;
const DESCRIPTION_MAX = (1 << 19) - 1;
/** Prefixes whose document counts are kept (each create updates them); past this the list starts again. */
const PREFIX_CACHE = 2000;

/**
 * Ints before an issue's terms: its length in tokens, its number of distinct terms, its project, its status (an index
 * into `statuses`) and its reporter's id + 1 (0: none).
 */
const HEADER = 5;

/**
 * Issues by id in one Int32Array (no object per issue): at an issue's offset its header (HEADER), then a (term id,
 * packed counts) pair per term. A removed issue leaves garbage, compacted once it is half the array. The project and
 * what visibility reads are kept too, so that no match is looked up in the issues table (about 2 µs a row).
 */
export class RankIndex {
  private readonly termIds = new Map<string, number>();
  private readonly terms: string[] = [];
  private readonly byHead = new Map<string, number[]>();
  private df = new Int32Array(1024);
  private slot = new Int32Array(1024);
  private data = new Int32Array(1 << 16);
  private used = 0;
  private garbage = 0;
  private readonly at = new Map<number, number>();
  private tokens = 0;
  private readonly prefixDocs = new Map<string, number>();
  private readonly prefixLengths = new Set<number>();
  private readonly statuses: string[] = [];
  private readonly statusIds = new Map<string, number>();

  get documents(): number {
    return this.at.size;
  }

  /**
   * Bytes held: the typed arrays (with their room to grow), about 45 bytes an issue in the id map and 100 a term
   * (its string, two map entries); measured at 100,000 issues, 38.7 MB against 39.5 MB estimated.
   */
  get bytes(): number {
    const arrays = this.data.byteLength + this.df.byteLength + this.slot.byteLength;
    return arrays + this.at.size * 45 + this.terms.length * 100;
  }

  /** The project of an issue the index holds. */
  projectOf(issueId: number): number | undefined {
    const offset = this.at.get(issueId);
    return offset === undefined ? undefined : this.data[offset + 2];
  }

  /** What visibility reads of an issue the index holds (an indexed issue is never raw). */
  factsOf(issueId: number): CandidateFacts | undefined {
    const offset = this.at.get(issueId);
    if (offset === undefined) return undefined;
    const reporter = this.data[offset + 4];
    return {
      id: issueId,
      status: this.statuses[this.data[offset + 3]],
      raw: 0,
      reporter_user_id: reporter - 1 || null,
    };
  }

  documentFrequency(term: string): number {
    const id = this.termIds.get(term);
    return id === undefined ? 0 : this.df[id];
  }

  /** Indexes an issue as it is now, in place of what was held for it. */
  set(issue: RankedIssue): void {
    this.remove(issue.id);
    const counts = new Map<number, number>();
    const titleWords = tokenize(issue.title ?? '');
    const descriptionWords = tokenize(issue.description ?? '');
    for (const word of titleWords) {
      const id = this.intern(word);
      const value = counts.get(id) ?? 0;
      counts.set(id, (value & TITLE_MAX) < TITLE_MAX ? value + 1 : value);
    }
    for (const word of descriptionWords) {
      const id = this.intern(word);
      const value = counts.get(id) ?? 0;
      counts.set(id, value >>> TITLE_BITS < DESCRIPTION_MAX ? value + (1 << TITLE_BITS) : value);
    }
    const length = titleWords.length + descriptionWords.length;
    this.reserve(HEADER + counts.size * 2);
    const offset = this.used;
    this.data[offset] = length;
    this.data[offset + 1] = counts.size;
    this.data[offset + 2] = issue.project_id;
    this.data[offset + 3] = this.statusId(issue.status);
    this.data[offset + 4] = (issue.reporter_user_id ?? 0) + 1;
    let k = offset + HEADER;
    for (const [id, packed] of counts) {
      this.data[k] = id;
      this.data[k + 1] = packed;
      this.df[id] += 1;
      k += 2;
    }
    this.used = k;
    this.at.set(issue.id, offset);
    this.tokens += length;
    this.countPrefixes(offset, 1);
  }

  remove(issueId: number): void {
    const offset = this.at.get(issueId);
    if (offset === undefined) return;
    const n = this.data[offset + 1];
    for (let k = offset + HEADER; k < offset + HEADER + n * 2; k += 2) this.df[this.data[k]] -= 1;
    this.countPrefixes(offset, -1);
    this.tokens -= this.data[offset];
    this.at.delete(issueId);
    this.garbage += HEADER + n * 2;
  }

  /**
   * The bm25 score of each issue for the phrases, as FTS5's bm25(issues_fts, 10, 1) computes it (negative, lower is
   * better): idf = ln((N - n + 0.5) / (n + 0.5)), floored at 1e-6; a phrase's frequency weights each occurrence by its
   * column; the issue's length is all its columns' tokens. `countPrefix` answers the documents holding a term that
   * begins with a prefix, for a prefix not yet counted here.
   */
  score(issueIds: readonly number[], phrases: readonly Phrase[], countPrefix: (prefix: string) => number): number[] {
    const rows = this.at.size;
    const averageLength = rows > 0 ? this.tokens / rows : 1;
    const idf = phrases.map(({ term, prefix }) => {
      const hits = prefix ? this.prefixDocuments(term, countPrefix) : this.documentFrequency(term);
      const value = Math.log((rows - hits + 0.5) / (hits + 0.5));
      return value <= 0 ? 1e-6 : value;
    });
    // Which phrases each term of the index is part of: slot[term] - 1 indexes `lists`.
    const lists: number[][] = [];
    const marked: number[] = [];
    const mark = (id: number, phrase: number) => {
      if (this.slot[id] === 0) {
        lists.push([]);
        this.slot[id] = lists.length;
        marked.push(id);
      }
      lists[this.slot[id] - 1].push(phrase);
    };
    phrases.forEach(({ term, prefix }, phrase) => {
      if (!prefix) {
        const id = this.termIds.get(term);
        if (id !== undefined) mark(id, phrase);
        return;
      }
      for (const id of this.termsBeginning(term)) mark(id, phrase);
    });
    const frequency = new Float64Array(phrases.length);
    const scores = issueIds.map((issueId) => {
      const offset = this.at.get(issueId);
      if (offset === undefined) return 0;
      frequency.fill(0);
      const n = this.data[offset + 1];
      for (let k = offset + HEADER; k < offset + HEADER + n * 2; k += 2) {
        const s = this.slot[this.data[k]];
        if (s === 0) continue;
        const packed = this.data[k + 1];
        const weighted = (packed & TITLE_MAX) * TITLE_WEIGHT + (packed >>> TITLE_BITS) * DESCRIPTION_WEIGHT;
        for (const phrase of lists[s - 1]) frequency[phrase] += weighted;
      }
      const norm = K1 * (1 - B + (B * this.data[offset]) / averageLength);
      let sum = 0;
      for (let i = 0; i < phrases.length; i += 1) sum += idf[i] * ((frequency[i] * (K1 + 1)) / (frequency[i] + norm));
      return -1 * sum;
    });
    for (const id of marked) this.slot[id] = 0;
    return scores;
  }

  private prefixDocuments(prefix: string, countPrefix: (prefix: string) => number): number {
    let count = this.prefixDocs.get(prefix);
    if (count === undefined) {
      if (this.prefixDocs.size >= PREFIX_CACHE) {
        this.prefixDocs.clear();
        this.prefixLengths.clear();
      }
      count = countPrefix(prefix);
      this.prefixDocs.set(prefix, count);
      this.prefixLengths.add(prefix.length);
    }
    return count;
  }

  /** Keeps the counted prefixes right as an issue comes or goes: each prefix it holds counts it once. */
  private countPrefixes(offset: number, delta: number): void {
    if (this.prefixDocs.size === 0) return;
    const held = new Set<string>();
    const n = this.data[offset + 1];
    for (let k = offset + HEADER; k < offset + HEADER + n * 2; k += 2) {
      const term = this.terms[this.data[k]];
      for (const length of this.prefixLengths) {
        if (length > term.length) continue;
        const prefix = term.slice(0, length);
        if (this.prefixDocs.has(prefix)) held.add(prefix);
      }
    }
    for (const prefix of held) this.prefixDocs.set(prefix, (this.prefixDocs.get(prefix) ?? 0) + delta);
  }

  /** Term ids beginning with `prefix` (terms are grouped by their first two characters). */
  private termsBeginning(prefix: string): number[] {
    const found: number[] = [];
    const heads = prefix.length >= 2 ? [prefix.slice(0, 2)] : [...this.byHead.keys()].filter((h) => h[0] === prefix);
    for (const head of heads)
      for (const id of this.byHead.get(head) ?? []) if (this.terms[id].startsWith(prefix)) found.push(id);
    return found;
  }

  private statusId(status: string): number {
    let id = this.statusIds.get(status);
    if (id === undefined) {
      id = this.statuses.push(status) - 1;
      this.statusIds.set(status, id);
    }
    return id;
  }

  private intern(term: string): number {
    let id = this.termIds.get(term);
    if (id !== undefined) return id;
    id = this.terms.length;
    this.terms.push(term);
    this.termIds.set(term, id);
    const head = term.slice(0, 2);
    const group = this.byHead.get(head);
    if (group) group.push(id);
    else this.byHead.set(head, [id]);
    if (id >= this.df.length) {
      this.df = grown(this.df, id + 1);
      this.slot = grown(this.slot, id + 1);
    }
    return id;
  }

  private reserve(ints: number): void {
    if (this.garbage > this.used / 2 && this.garbage > 1 << 16) this.compact();
    if (this.used + ints > this.data.length) this.data = grown(this.data, this.used + ints);
  }

  private compact(): void {
    const data = new Int32Array(Math.max(1 << 16, Math.ceil((this.used - this.garbage) * 1.5)));
    let used = 0;
    for (const [issueId, offset] of this.at) {
      const size = HEADER + this.data[offset + 1] * 2;
      data.set(this.data.subarray(offset, offset + size), used);
      this.at.set(issueId, used);
      used += size;
    }
    this.data = data;
    this.used = used;
    this.garbage = 0;
  }
}

function grown(array: Int32Array<ArrayBuffer>, least: number): Int32Array<ArrayBuffer> {
  const next = new Int32Array(Math.max(least, Math.ceil(array.length * 1.5)));
  next.set(array);
  return next;
}
