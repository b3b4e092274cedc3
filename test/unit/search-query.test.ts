// The typo-tolerant query builder: typo budgets, the bounded Damerau distance, prefix distance,
// and the FTS5 tiers it builds from a vocabulary.
import { describe, expect, it } from 'vitest';
import { buildSearchQuery, editDistance, typoBudget } from '../../reference-server/src/areas/search/query.ts';
import { stem, tokenize } from '../../reference-server/src/areas/search/text.ts';
import { Vocabulary } from '../../reference-server/src/areas/search/vocabulary.ts';

describe('typo budget and distance', () => {
  it('allows none under five letters, one from five, two from nine, none with digits', () => {
    expect(['hook', 'crash', 'elevator', 'compilation', 'x1234567'].map(typoBudget)).toEqual([0, 1, 1, 2, 0]);
  });

  it('counts a transposition as one edit and stops past the maximum', () => {
    expect(editDistance('inventroy', 'inventory', 2)).toBe(1);
    expect(editDistance('acheivemnt', 'achievement', 2)).toBe(2);
    expect(editDistance('elavatr', 'elevator', 1)).toBe(2);
    expect(editDistance('abc', 'abcdefgh', 1)).toBe(2);
  });

  it('measures a prefix against the closest beginning of a longer word', () => {
    expect(editDistance('achieve', 'achievement', 1, true)).toBe(0);
    expect(editDistance('achievm', 'achievement', 1, true)).toBe(1);
    expect(editDistance('acheivm', 'achievement', 2, true)).toBe(2);
    expect(editDistance('acheivm', 'achievement', 1, true)).toBe(2);
  });
});

describe('text rules', () => {
  it('folds case and diacritics like unicode61 remove_diacritics 2', () => {
    expect(tokenize('Crème BRÛLÉE, naïve_test 42!')).toEqual(['creme', 'brulee', 'naive', 'test', '42']);
  });

  it('stems the forms of a word to one stem', () => {
    expect(new Set(['crash', 'crashes', 'crashed', 'crashing'].map(stem)).size).toBe(1);
    expect(stem('boss')).toBe('boss');
  });
});

describe('buildSearchQuery', () => {
  const vocabulary = new Vocabulary();
  for (const term of ['inventory', 'invent', 'freezes', 'freeze', 'frozen', 'sorting', 'hook', 'grappling', 'the'])
    vocabulary.add(term);
  vocabulary.addDocuments(10);

  it('builds a tier of word forms, a tier with synonyms and typos, and an any-word tier', () => {
    const plan = buildSearchQuery('inventroy freezing', vocabulary);
    expect(plan.tiers).toEqual([
      '"inventroy" AND ("freezing"* OR "freezes" OR "freeze")',
      '("inventroy" OR "inventory") AND ("freezing"* OR "freezes" OR "freeze" OR "frozen")',
      // The rarest words first (here both words are in one document each, so in query order).
      '"inventroy" OR "inventory" OR "freezing"* OR "freezes" OR "freeze" OR "frozen"',
    ]);
  });

  it('drops stopwords unless nothing else is left, and quotes FTS5 operators as words', () => {
    expect(buildSearchQuery('the hook', vocabulary).tiers[0]).toBe('"hook"*');
    expect(buildSearchQuery('the', vocabulary).tiers[0]).toBe('"the"*');
    expect(buildSearchQuery('NEAR OR hook', vocabulary).tiers[0]).toBe('"near" AND "hook"*');
  });

  it('builds nothing from punctuation', () => {
    expect(buildSearchQuery('?! --', vocabulary)).toEqual({ words: [], tiers: [] });
  });

  it('leaves out an every-word tier a word cannot match when the vocabulary holds every index term', () => {
    const plan = buildSearchQuery('inventroy freezing', vocabulary, { exactVocabulary: true });
    expect(plan.tiers).toEqual([
      '("inventroy" OR "inventory") AND ("freezing"* OR "freezes" OR "freeze" OR "frozen")',
      '"inventroy" OR "inventory" OR "freezing"* OR "freezes" OR "freeze" OR "frozen"',
    ]);
    expect(plan.anyWord).toBe(plan.tiers[1]);
    // A prefix some term begins with can match.
    expect(buildSearchQuery('grappling ho', vocabulary, { exactVocabulary: true }).tiers[0]).toBe(
      '"grappling" AND "ho"*',
    );
  });
});

describe('buildSearchQuery in a large index', () => {
  const vocabulary = new Vocabulary();
  vocabulary.add('error', 600);
  vocabulary.add('errors', 20);
  vocabulary.add('elevator', 3);
  vocabulary.add('stuck', 10);
  vocabulary.add('reproduce', 1000);
  vocabulary.addDocuments(1000);

  it('does not require a word in half the documents or more, in the every-word tiers only', () => {
    const plan = buildSearchQuery('elevator error stuck', vocabulary);
    expect(plan.words.map((w) => [w.word, w.common])).toEqual([
      ['elevator', false],
      ['error', true],
      ['stuck', false],
    ]);
    expect(plan.tiers[0]).toBe('"elevator" AND "stuck"*');
    // The any-word tier still picks the rarest words.
    expect(plan.anyWord).toBe('"elevator" OR "stuck"* OR "errors"');
  });

  it('judges the last word by the most frequent term it begins', () => {
    expect(buildSearchQuery('elevator stuck err', vocabulary).tiers[0]).toBe('"elevator" AND "stuck"');
    expect(buildSearchQuery('elevator stuck rep', vocabulary).tiers[0]).toBe('"elevator" AND "stuck"');
  });

  it('keeps every word of a query made only of common words', () => {
    expect(buildSearchQuery('reproduce error', vocabulary).tiers[0]).toBe('"reproduce" AND ("error"* OR "errors")');
  });
});
