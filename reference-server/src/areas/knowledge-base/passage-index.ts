// Deterministic local retrieval for the knowledge base: a tokenizer with light English
// stemming and stop words, sentence passages, and BM25 scoring (k1 1.2, b 0.75) over them.
// No model and no network: the same corpus and question always give the same ranking.

const STOP_WORDS = new Set(
  (
    'a an and are as at be but by can could do does did for from has have how i if in into is it its me my of on ' +
    'or our so than that the their them then there these they this to was we were what when where which who why ' +
    'will with would you your about any after again all also am been before being both each few get got had he ' +
    'her here him his just more most no nor not now off once only other out over own same she should some such ' +
    'too under until up very while whom yours'
  ).split(' '),
);

function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 4 && word.endsWith('es') && /(ch|sh|x|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

export function tokenize(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/'s\b/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !STOP_WORDS.has(w))
    .map(stem);
}

/** Sentences, with very short ones joined to the next so a passage says something. */
export function splitPassages(text: string, minLength = 40): string[] {
  const sentences = text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const passages: string[] = [];
  let pending = '';
  for (const sentence of sentences) {
    pending = pending ? `${pending} ${sentence}` : sentence;
    if (pending.length >= minLength) {
      passages.push(pending);
      pending = '';
    }
  }
  if (pending) {
    if (passages.length > 0 && pending.length < minLength) passages[passages.length - 1] += ` ${pending}`;
    else passages.push(pending);
  }
  return passages;
}

export interface Passage<D> {
  document: D;
  text: string;
  /** Tokens of the passage plus its document's title (a matching title counts for every passage). */
  tokens: string[];
}

export interface ScoredPassage<D> extends Passage<D> {
  score: number;
}

/** BM25 of every passage against the query; passages without a query term are left out. */
export function rankPassages<D>(passages: Passage<D>[], query: string): ScoredPassage<D>[] {
  const terms = [...new Set(tokenize(query))];
  if (terms.length === 0 || passages.length === 0) return [];
  const k1 = 1.2;
  const b = 0.75;
  const averageLength = passages.reduce((sum, p) => sum + p.tokens.length, 0) / passages.length || 1;
  const wanted = new Set(terms);
  // Counts of the query's terms only, one pass over each passage.
  const counts = passages.map((passage) => {
    const tf = new Map<string, number>();
    for (const token of passage.tokens) if (wanted.has(token)) tf.set(token, (tf.get(token) ?? 0) + 1);
    return tf;
  });
  const frequency = new Map<string, number>();
  for (const tf of counts) for (const term of tf.keys()) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const scored: ScoredPassage<D>[] = [];
  passages.forEach((passage, index) => {
    let score = 0;
    for (const [term, tf] of counts[index]) {
      const df = frequency.get(term) ?? 0;
      const idf = Math.log(1 + (passages.length - df + 0.5) / (df + 0.5));
      score += idf * ((tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * passage.tokens.length) / averageLength)));
    }
    if (score > 0) scored.push({ ...passage, score });
  });
  return scored.sort((x, y) => y.score - x.score);
}
