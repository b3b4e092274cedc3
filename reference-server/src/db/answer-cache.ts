// Serialized answers remembered against the database's read version (read-version.ts): a repeated read answers
// from memory while nothing it could show has changed, and is computed afresh after any write, from either thread.
// Bounded in bytes, least recently used first out. Every answer carries an ETag, cached or not.
import { createHash } from 'node:crypto';

export interface SerializedAnswer {
  /** The JSON as UTF-8, encoded once (a string would be measured and encoded again for every send). */
  bytes: Uint8Array<ArrayBuffer>;
  /** A strong validator of the bytes: `"<sha-1, base64url>"`. */
  etag: string;
}

interface Entry {
  answer: SerializedAnswer;
  version: string;
}

export interface AnswerCacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
}

export function serializeAnswer(body: unknown): SerializedAnswer {
  const bytes = new TextEncoder().encode(JSON.stringify(body));
  return { bytes, etag: `"${createHash('sha1').update(bytes).digest('base64url')}"` };
}

export class AnswerCache {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;
  #hits = 0;
  #misses = 0;

  /** `maxBytes` 0 turns remembering off (answers are still serialized with their ETag). */
  constructor(readonly maxBytes = 16 * 1024 * 1024) {}

  /**
   * The answer remembered for `key` at `version`, else `compute()`'s, remembered. `version` must be read before
   * anything `compute` reads, so a write landing meanwhile leaves the entry stale, never wrongly fresh.
   */
  answer(key: string, version: string, compute: () => unknown): SerializedAnswer {
    const entry = this.#entries.get(key);
    if (entry && entry.version === version) {
      this.#hits += 1;
      // Most recently used last: Map iteration order is the eviction order.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      return entry.answer;
    }
    this.#misses += 1;
    if (entry) this.#forget(key, entry);
    const answer = serializeAnswer(compute());
    const size = sizeOf(key, answer.bytes);
    if (size <= this.maxBytes / 4) {
      this.#entries.set(key, { answer, version });
      this.#bytes += size;
      for (const [oldKey, old] of this.#entries) {
        if (this.#bytes <= this.maxBytes) break;
        this.#forget(oldKey, old);
      }
    }
    return answer;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  stats(): AnswerCacheStats {
    return { hits: this.#hits, misses: this.#misses, entries: this.#entries.size, bytes: this.#bytes };
  }

  #forget(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#bytes -= sizeOf(key, entry.answer.bytes);
  }
}

/** The body's bytes, the key (UTF-16: two bytes a code unit) and about as much again for the etag and version. */
const sizeOf = (key: string, bytes: Uint8Array) => bytes.length + 2 * key.length + 128;
