// Text rules shared by search and embeddings: words folded the way FTS5's `unicode61
// remove_diacritics 2` tokenizer folds them, English stopwords, and a light suffix stemmer that
// groups a word's forms (crash, crashes, crashed, crashing) without touching the index.

/** Lower-cased, diacritics removed, split on anything that is not a letter or a digit. */
export function tokenize(text: string): string[] {
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
  return folded.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);
}

export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be been but by can could did do does doing for from had has have he her his how i if in ' +
    'into is it its just me my no not of on once or our out over she so some than that the their them then there ' +
    'these they this to too up very was we were what when where which while who why will with would you your am ' +
    'after before again also any because being both each few more most other same should only own such until all ' +
    'get got gets im ive dont doesnt didnt cant'
  ).split(' '),
);

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word);
}

const SUFFIXES: Array<[suffix: string, keep: number]> = [
  ['ations', 3],
  ['ation', 3],
  ['ings', 3],
  ['ing', 3],
  ['ies', 3],
  ['ied', 3],
  ['edly', 3],
  ['ed', 3],
  ['es', 3],
  ['ers', 3],
  ['er', 4],
  ['ly', 4],
  ['ness', 3],
  ['ment', 4],
  ['able', 4],
  ['s', 3],
];

/**
 * A light stemmer: strips one common English suffix when a stem of at least `keep` letters
 * remains, then a doubled final consonant (stopped → stopp → stop). Not Porter: it only has to
 * be consistent, since both sides of every comparison go through it.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let base = word;
  for (const [suffix, keep] of SUFFIXES) {
    if (suffix === 's' && /(ss|us|is)$/.test(word)) break;
    if (word.endsWith(suffix) && word.length - suffix.length >= keep) {
      base = word.slice(0, -suffix.length);
      if (suffix === 'ies' || suffix === 'ied') base += 'y';
      break;
    }
  }
  if (base !== word && base.endsWith('er') && base.length - 2 >= 4) base = base.slice(0, -2);
  if (base !== word && base.length > 3 && base.at(-1) === base.at(-2) && !/[aeiouls]/.test(base.at(-1)!))
    base = base.slice(0, -1);
  if (base.endsWith('e') && base.length >= 4) base = base.slice(0, -1);
  return base;
}
