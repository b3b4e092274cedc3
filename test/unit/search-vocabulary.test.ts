// The vocabulary's typo lookups skip most terms by their letter masks before measuring a distance: what they answer
// must be what measuring every term answers.
import { describe, expect, it } from 'vitest';
import { editDistance } from '../../reference-server/src/areas/search/query.ts';
import { Vocabulary } from '../../reference-server/src/areas/search/vocabulary.ts';
import { RELEVANCE_ISSUES } from '../relevance/dataset-issues.ts';
import { tokenize } from '../../reference-server/src/areas/search/text.ts';

const TERMS = [
  ...new Set([
    ...RELEVANCE_ISSUES.flatMap(([, title, description]) => tokenize(`${title} ${description}`)),
    'inventory',
    'inventroy',
    'elevator',
    'elevators',
    'achievement',
    'acheivement',
    'aabbcc',
    'abcabc',
    'ükraïne',
    'ukraine',
    'x1234567',
  ]),
];

/** Every term within the distance, ordered as the vocabulary orders them (closest, most documents, then a-z). */
function measured(vocabulary: Vocabulary, word: string, maxEdits: number, prefix: boolean): string[] {
  return TERMS.filter((term) =>
    prefix
      ? term[0] === word[0] && term.length >= word.length - maxEdits && !term.startsWith(word)
      : term !== word && Math.abs(term.length - word.length) <= maxEdits,
  )
    .map((term) => ({ term, distance: editDistance(word, term, maxEdits, prefix) }))
    .filter(({ distance }) => distance <= maxEdits)
    .sort(
      (a, b) =>
        a.distance - b.distance ||
        vocabulary.documentFrequency(b.term) - vocabulary.documentFrequency(a.term) ||
        (a.term < b.term ? -1 : 1),
    )
    .map(({ term }) => term);
}

describe('typo lookups of the vocabulary', () => {
  const vocabulary = new Vocabulary();
  for (const [index, term] of TERMS.entries()) vocabulary.add(term, 1 + (index % 7));
  // Misspelled, cut short, doubled and swapped letters, diacritics, digits.
  const words = [
    ...TERMS.slice(0, 80).flatMap((t) => [t, `${t.slice(1)}`, `${t.slice(0, -1)}x`, t.slice(0, 4), `${t}${t.at(-1)}`]),
    ...TERMS.slice(0, 80).map((t) => (t.length > 3 ? `${t[0]}${t[2]}${t[1]}${t.slice(3)}` : t)),
    'inventroy',
    'achievm',
    'acheivm',
    'ukrai',
    'aabbc',
  ];

  it('finds every term within one or two edits that measuring each term finds, in the same order', () => {
    for (const word of words)
      for (const maxEdits of [1, 2])
        expect(vocabulary.nearTerms(word, maxEdits, 1000), word).toEqual(measured(vocabulary, word, maxEdits, false));
  });

  it('finds every typo of a prefix that measuring each term with its first letter finds', () => {
    for (const word of words)
      for (const maxEdits of [1, 2])
        expect(vocabulary.nearPrefixTerms(word, maxEdits, 1000), word).toEqual(
          measured(vocabulary, word, maxEdits, true),
        );
  });
});
