// The local embedder and the vector matrix: deterministic unit vectors, similar texts closer
// than unrelated ones, BLOB round trips, and the SIMD kernel agreeing with the plain loop.
import { describe, expect, it } from 'vitest';
import {
  cosine,
  EMBEDDING_DIMS,
  embedIssue,
  embedText,
  fromBlob,
  toBlob,
} from '../../reference-server/src/areas/search/embedding.ts';
import { VectorMatrix } from '../../reference-server/src/areas/search/similar-kernel.ts';

const norm = (v: Float32Array) => Math.sqrt(cosine(v, v));

describe('embedText', () => {
  it('gives the same unit vector for the same text, every time', () => {
    const a = embedText('Game crashes when opening the galaxy map');
    const b = embedText('Game crashes when opening the galaxy map');
    expect(a).toHaveLength(EMBEDDING_DIMS);
    expect([...a]).toEqual([...b]);
    expect(norm(a)).toBeCloseTo(1, 5);
  });

  it('puts a rewording of the same bug closer than a different bug', () => {
    const original = embedIssue('Sound cuts out after alt-tab', 'After switching windows all audio stops.');
    const reworded = embedIssue('No audio after alt tab', 'Switching window makes the sound stop.');
    const different = embedIssue('Fuel gauge shows full', 'The HUD fuel gauge reads full when empty.');
    expect(cosine(original, reworded)).toBeGreaterThan(cosine(original, different) + 0.2);
  });

  it('keeps a misspelled text close to the original through character trigrams', () => {
    const original = embedText('grappling hook detaches over lava');
    expect(cosine(original, embedText('grapling hok detaches over lava'))).toBeGreaterThan(0.6);
  });

  it('folds word forms and synonyms into one feature', () => {
    expect(cosine(embedText('crashes'), embedText('crashing'))).toBeGreaterThan(0.4);
    expect(cosine(embedText('audio'), embedText('sound'))).toBeGreaterThan(0.5);
  });

  it('answers a zero vector for text with no words', () => {
    expect([...embedText('  ?! ')].every((x) => x === 0)).toBe(true);
  });

  it('round-trips through a BLOB exactly', () => {
    const v = embedText('blob round trip');
    expect([...fromBlob(toBlob(v))]).toEqual([...v]);
  });
});

describe('VectorMatrix', () => {
  const random = (seed: number) => {
    let s = seed;
    return () => {
      s = (s * 1103515245 + 12345) % 2147483648;
      return s / 2147483648 - 0.5;
    };
  };
  const unit = (v: Float32Array) => {
    const n = norm(v);
    return v.map((x) => x / n);
  };

  it('scores every row close to the exact dot product, in SIMD and in the fallback, across growth and removal', () => {
    const next = random(7);
    const rows = Array.from({ length: 300 }, () => unit(Float32Array.from({ length: 64 }, next)));
    const query = unit(Float32Array.from({ length: 64 }, next));
    const results: number[][] = [];
    for (const simd of [true, false]) {
      const matrix = new VectorMatrix(64, 4, simd);
      for (const row of rows) matrix.push(row);
      matrix.removeBySwap(10); // row 299 now sits at 10
      const scores = matrix.scoresFor(query);
      expect(scores).toHaveLength(299);
      for (const [at, original] of [
        [0, 0],
        [10, 299],
        [298, 298],
      ])
        expect(Math.abs(scores[at] - cosine(rows[original], query))).toBeLessThan(0.02);
      results.push([...scores]);
    }
    expect(results[0]).toEqual(results[1]);
  });

  it('refuses a width that is not a multiple of 32', () => {
    expect(() => new VectorMatrix(48)).toThrow(/multiple of 32/);
  });
});
