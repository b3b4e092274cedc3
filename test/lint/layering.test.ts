// The lint holds the layer rules (biome.json's noRestrictedImports and noRestrictedGlobals overrides):
// each fixture under test/lint/fixtures breaks one rule at the path the rule covers, and must fail.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const biome = join(root, 'node_modules', '.bin', 'biome');
let dir: string;

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}

/** Runs the project's own biome.json over the fixture tree; returns each file's diagnostics. */
function diagnose(paths: string[]): Map<string, Diagnostic[]> {
  let out: string;
  try {
    out = execFileSync(biome, ['lint', '--vcs-enabled=false', '--reporter=json', ...paths], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (e) {
    out = (e as { stdout: string }).stdout;
  }
  const report = JSON.parse(out.slice(out.indexOf('{'))) as { diagnostics: Diagnostic[] };
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of report.diagnostics) {
    const file = d.location.path.replace(/\\/g, '/');
    byFile.set(file, [...(byFile.get(file) ?? []), d]);
  }
  return byFile;
}

/** Each file's rule categories. */
function lint(paths: string[]): Map<string, string[]> {
  const found = diagnose(paths);
  return new Map([...found].map(([file, list]) => [file, list.map((d) => d.category)]));
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'glitchbox-lint-'));
  cpSync(join(root, 'biome.json'), join(dir, 'biome.json'));
  cpSync(join(import.meta.dirname, 'fixtures'), dir, { recursive: true });
  cpSync(join(root, 'node_modules', '@biomejs'), join(dir, 'node_modules', '@biomejs'), { recursive: true });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the layer rules in the lint', () => {
  it('refuses each layering violation at the path its rule covers', () => {
    const found = lint(['widget', 'reference-server']);
    const rules = (file: string) => found.get(file) ?? [];
    expect(rules('widget/src/core/reaches-dom.ts')).toEqual(
      expect.arrayContaining(['lint/style/noRestrictedImports', 'lint/style/noRestrictedGlobals']),
    );
    for (const file of [
      'widget/src/protocol/imports-core.ts',
      'widget/src/delivery/imports-ui.ts',
      'reference-server/src/areas/demo/routes.ts',
      'reference-server/src/areas/demo/service.ts',
      'reference-server/src/areas/demo/repository.ts',
      'reference-server/inbox/src/imports-server.ts',
    ]) {
      expect(rules(file), file).toContain('lint/style/noRestrictedImports');
    }
  });

  it("refuses the server's area and kernel imports, each with its own rule's message", () => {
    const found = diagnose(['reference-server/src']);
    const messages = (file: string) => (found.get(file) ?? []).map((d) => d.message);
    expect(messages('reference-server/src/http/imports-area.ts')).toEqual([expect.stringMatching(/^the kernel/)]);
    expect(messages('reference-server/src/areas/demo/imports-index.ts')).toEqual([
      expect.stringMatching(/^an area uses another area's services/),
    ]);
    expect(messages('reference-server/src/areas/projects-auth/imports-leaf.ts')).toEqual([
      expect.stringMatching(/^projects-auth is the base area/),
    ]);
    // Another area's service and repository, and the kernel, stay open to an area.
    expect(messages('reference-server/src/areas/demo/clean.ts')).toEqual([]);
  });

  it('lets core import protocol and zod', () => {
    const found = lint(['widget/src/core/clean.ts']);
    expect(found.get('widget/src/core/clean.ts') ?? []).not.toContain('lint/style/noRestrictedImports');
  });
});
