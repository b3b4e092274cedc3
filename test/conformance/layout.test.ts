// The conformance tests mirror the server (docs/contributing.md#where-tests-go): each folder here is an area of
// reference-server/src/areas/ or a folder of its shared machinery (http/, db/, jobs/), so a renamed or split
// area cannot leave its tests under the old name, and no test file piles up at the top again.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import { itLocal } from '../helpers/local-only.ts';

const SRC = resolve(import.meta.dirname, '../../reference-server/src');
const foldersOf = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

/** Folders of `tests` that name neither an area nor a shared folder of the server's source. */
function strayFolders(tests: string): string[] {
  const known = new Set([...foldersOf(join(SRC, 'areas')), ...foldersOf(SRC).filter((f) => f !== 'areas')]);
  return foldersOf(tests).filter((f) => !known.has(f));
}

itLocal(
  'holds one folder per area of the server or shared folder, and none of another name',
  "checks this repository's test layout, not a server",
  () => {
    expect(foldersOf(import.meta.dirname)).toEqual(expect.arrayContaining(['issues', 'media', 'http', 'db', 'jobs']));
    expect(strayFolders(import.meta.dirname)).toEqual([]);
  },
);

itLocal('names a folder left behind by a renamed area', "checks this repository's test layout, not a server", () => {
  const dir = mkdtempSync(join(tmpdir(), 'glitchbox-conformance-layout-'));
  try {
    for (const name of ['issues', 'no-such-area']) mkdirSync(join(dir, name));
    expect(strayFolders(dir)).toEqual(['no-such-area']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

itLocal(
  'keeps no test file at the top but the command line and this one',
  "checks this repository's test layout, not a server",
  () => {
    const top = readdirSync(import.meta.dirname).filter((f) => f.endsWith('.ts'));
    expect(top.sort()).toEqual(['cli.test.ts', 'layout.test.ts']);
  },
);
