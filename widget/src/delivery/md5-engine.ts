// The MD5 worker's engine, chosen once per worker: hash-wasm's WebAssembly MD5, or spark-md5 (a chunk of its
// own, fetched only then) where the worker may not compile WebAssembly (a policy without 'wasm-unsafe-eval').
// Both give the same base64 digest for the same bytes (test/unit/md5-worker.test.ts).
import { createMD5 } from 'hash-wasm';

export interface Md5Engine {
  append(bytes: Uint8Array): void;
  /** The base64 digest of every byte appended, as presigned_upload's `checksum`. */
  end(): string;
}
export type Md5EngineName = 'wasm' | 'spark-md5';
export interface Md5EngineChoice {
  name: Md5EngineName;
  create(): Promise<Md5Engine>;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

async function createWasmEngine(): Promise<Md5Engine> {
  const md5 = await createMD5();
  return {
    append: (bytes) => md5.update(bytes),
    end: () => bytesToBase64(md5.digest('binary')),
  };
}

/** hash-wasm compiles its module once per worker; a refusal rejects here, with no digest begun. */
async function chooseOnce(): Promise<Md5EngineChoice> {
  try {
    await createWasmEngine();
    return { name: 'wasm', create: createWasmEngine };
  } catch {
    const { createSparkEngine } = await import('./md5-spark-engine.ts');
    return { name: 'spark-md5', create: async () => createSparkEngine() };
  }
}

let choice: Promise<Md5EngineChoice> | undefined;
/** The engine for this worker. A fallback chunk that could not be fetched is asked for again next time. */
export function chooseMd5Engine(): Promise<Md5EngineChoice> {
  choice ??= chooseOnce().catch((error) => {
    choice = undefined;
    throw error;
  });
  return choice;
}
