// Durable file writes for the disk outbox: write a temporary file, fsync it, rename it over the
// target, fsync the directory (rename(2) is atomic; the directory fsync makes the rename durable).
import { closeSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { dirname } from 'node:path';

let counter = 0;
const tempName = (path: string) => `${path}.tmp-${process.pid}-${++counter}`;

export async function fsyncDir(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some filesystems (and Windows) refuse fsync on a directory; the rename is still atomic.
  }
}

export function fsyncDirSync(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // see fsyncDir
  }
}

/** Writes bytes or a Blob (streamed, never whole in memory) to path atomically. */
export async function writeFileAtomic(path: string, data: string | Uint8Array | Blob): Promise<void> {
  const temp = tempName(path);
  const handle = await open(temp, 'w');
  try {
    if (data instanceof Blob) {
      for await (const chunk of data.stream() as unknown as AsyncIterable<Uint8Array>) await handle.write(chunk);
    } else {
      await handle.write(typeof data === 'string' ? Buffer.from(data) : data);
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, path);
  await fsyncDir(dirname(path));
}

/** The synchronous twin, for the crash handler: the process may be gone once it returns. */
export function writeFileAtomicSync(path: string, data: string | Uint8Array): void {
  const temp = tempName(path);
  const fd = openSync(temp, 'w');
  try {
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    let offset = 0;
    while (offset < bytes.byteLength) offset += writeSync(fd, bytes, offset, bytes.byteLength - offset);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
  fsyncDirSync(dirname(path));
}
