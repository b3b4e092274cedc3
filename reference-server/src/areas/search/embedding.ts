// The deterministic local embedder (docs/api-choices.md#stand-ins-for-the-ai): feature hashing of word concepts (light
// stem, synonyms folded), word pairs and character trigrams, sub-linear term frequency, signed buckets,
// L2-normalised. No model, no download: the same text gives the same vector on every machine.
import { conceptOf } from './synonyms.ts';
import { isStopword, stem, tokenize } from './text.ts';

export const EMBEDDING_DIMS = 256;
const WORD_WEIGHT = 1;
const PAIR_WEIGHT = 0.5;
const TRIGRAM_WEIGHT = 0.3;

/** FNV-1a, then murmur3's finaliser so that the low bits (the bucket) are well mixed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function countFeatures(text: string): Map<string, { count: number; weight: number }> {
  const features = new Map<string, { count: number; weight: number }>();
  const add = (feature: string, weight: number) => {
    const known = features.get(feature);
    if (known) known.count += 1;
    else features.set(feature, { count: 1, weight });
  };
  let previous: string | null = null;
  for (const word of tokenize(text)) {
    if (isStopword(word)) {
      previous = null;
      continue;
    }
    const concept = conceptOf(stem(word));
    add(`w:${concept}`, WORD_WEIGHT);
    if (previous) add(`p:${previous} ${concept}`, PAIR_WEIGHT);
    previous = concept;
    if (/\d/.test(word)) continue;
    const padded = ` ${word} `;
    for (let i = 0; i + 3 <= padded.length; i += 1) add(`t:${padded.slice(i, i + 3)}`, TRIGRAM_WEIGHT);
  }
  return features;
}

/** The unit vector of a text; all zeros when it has no words. */
export function embedText(text: string): Float32Array {
  const vector = new Float32Array(EMBEDDING_DIMS);
  for (const [feature, { count, weight }] of countFeatures(text)) {
    const h = hash(feature);
    const value = weight * (1 + Math.log(count));
    vector[h % EMBEDDING_DIMS] += h & 0x80000000 ? -value : value;
  }
  let norm = 0;
  for (let i = 0; i < EMBEDDING_DIMS; i += 1) norm += vector[i] * vector[i];
  if (norm > 0) {
    const scale = 1 / Math.sqrt(norm);
    for (let i = 0; i < EMBEDDING_DIMS; i += 1) vector[i] *= scale;
  }
  return vector;
}

/** An issue's vector: the title counts twice, as it names the problem. */
export function embedIssue(title: string, description: string): Float32Array {
  return embedText(`${title}\n${title}\n${description}`);
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += a[i] * b[i];
  return sum;
}

export function toBlob(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

export function fromBlob(blob: Buffer): Float32Array {
  const copy = new Float32Array(blob.byteLength / 4);
  new Uint8Array(copy.buffer).set(blob);
  return copy;
}
