// Both npm packages as a user gets them: `npm pack` (which runs prepack, so the build), the tarballs installed into a
// fresh folder with no workspace links, then a strict TypeScript consumer, a Vite game, plain Node and both commands.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumerFiles } from './consumer-files.ts';

const ROOT = join(import.meta.dirname, '../..');
const exec = promisify(execFile);
const version = (pkg: string) =>
  JSON.parse(readFileSync(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')).version;
const work = mkdtempSync(join(tmpdir(), 'glitchbox-packed-'));
const app = join(work, 'app');
let tarballs: Array<{ name: string; filename: string; size: number; files: Array<{ path: string }> }> = [];

async function run(
  file: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; timeout?: number } = {},
) {
  const r = await exec(file, args, {
    cwd: options.cwd ?? app,
    env: { ...process.env, ...options.env },
    maxBuffer: 64 * 1024 * 1024,
    timeout: options.timeout ?? 10 * 60_000,
  }).catch((error: { code?: number; stdout?: string; stderr?: string }) => ({
    failed: error.code ?? 1,
    stdout: error.stdout ?? '',
    stderr: error.stderr ?? '',
  }));
  return { code: 'failed' in r ? r.failed : 0, stdout: String(r.stdout), stderr: String(r.stderr) };
}

beforeAll(async () => {
  const started = Date.now();
  const packed = await run(
    'npm',
    ['pack', '-w', 'widget', '-w', 'reference-server', '--json', '--pack-destination', work],
    {
      cwd: ROOT,
    },
  );
  expect(packed.code, packed.stderr).toBe(0);
  // Lifecycle output (the prepack builds) comes before npm's JSON answer on stdout.
  tarballs = JSON.parse(packed.stdout.slice(packed.stdout.search(/^\[/m)));
  for (const [path, text] of Object.entries(consumerFiles)) {
    mkdirSync(dirname(join(app, path)), { recursive: true });
    writeFileSync(join(app, path), text);
  }
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  writeFileSync(join(app, 'server.log'), 'tick 1\npanic: lost connection to shard 4\n');
  // A normal registry install, from npm's cache where it can. Install scripts are skipped: better-sqlite3's would
  // download a prebuilt addon from GitHub (not reachable here) and else compile SQLite for two minutes. The addon
  // this checkout built for the same version and Node is copied in instead (docs/server.md says what an install needs).
  const install = await run('npm', [
    'install',
    '--prefer-offline',
    '--ignore-scripts',
    '--no-audit',
    '--no-fund',
    ...tarballs.map((t) => join(work, t.filename)),
    `typescript@${version('typescript')}`,
    `vite@${version('vite')}`,
    `@types/node@${version('@types/node')}`,
  ]);
  expect(install.code, install.stderr).toBe(0);
  expect(version('better-sqlite3')).toBe(
    JSON.parse(readFileSync(join(app, 'node_modules/better-sqlite3/package.json'), 'utf8')).version,
  );
  const addon = 'node_modules/better-sqlite3/build/Release';
  mkdirSync(join(app, addon), { recursive: true });
  copyFileSync(join(ROOT, addon, 'better_sqlite3.node'), join(app, addon, 'better_sqlite3.node'));
  console.log(`packed and installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}, 15 * 60_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * The URLs of a package.json's homepage, bugs and repository that no one could follow to the project: not https, on
 * a domain reserved for examples and tests (RFC 2606, RFC 6761), or the GitHub address an earlier package.json made
 * up. The project has no public home yet, so its packages carry none of these fields (docs/dependencies.md).
 */
function placeholderUrls(pkg: { homepage?: unknown; bugs?: unknown; repository?: unknown }): string[] {
  const urlOf = (field: unknown) => (typeof field === 'object' && field ? (field as { url?: unknown }).url : field);
  const urls = [pkg.homepage, urlOf(pkg.bugs), urlOf(pkg.repository)].filter((u) => u !== undefined).map(String);
  const reserved =
    /^(?:git\+)?https:\/\/(?:[^/]*\.)?(?:example(?:\.\w+)?|[^/]+\.(?:test|invalid|localhost)|localhost)(?:[:/]|$)/;
  const usable = (url: string) => /^(?:git\+)?https:\/\//.test(url) && !reserved.test(url);
  return urls.filter((url) => !usable(url) || /github\.com\/glitchbox\/glitchbox(?:\.git)?$/.test(url));
}

describe('the packed npm packages', () => {
  it('hold built JavaScript, declarations, the licence and the shipped example, and no tests or sources', () => {
    for (const t of tarballs) {
      const paths = t.files.map((f) => f.path).sort();
      console.log(
        `${t.filename}: ${(t.size / 1024).toFixed(0)} KB packed, ${paths.length} files\n  ${paths.join('\n  ')}`,
      );
      expect(paths).toContain('LICENSE');
      expect(paths.filter((p) => /(^|\/)(src|test)\/|\.test\.|\.tsx?$|\.map$/.test(p) && !p.endsWith('.d.ts'))).toEqual(
        [],
      );
      // protocol/fixtures.d.ts is the type of the fixture document, not data of ours.
      expect(paths.filter((p) => /fixture/.test(p) && !p.endsWith('.d.ts'))).toEqual(
        t.name === 'glitchbox-server' ? ['examples/fixtures.json'] : [],
      );
    }
    const widget = tarballs.find((t) => t.name === 'glitchbox')!.files.map((f) => f.path);
    for (const file of [
      'dist/glitchbox.js',
      'dist/esm/index.js',
      'dist/esm/ui.js',
      'dist/lib/node.js',
      'dist/types/index.d.ts',
    ])
      expect(widget).toContain(file);
    const server = tarballs.find((t) => t.name === 'glitchbox-server')!.files.map((f) => f.path);
    for (const file of ['dist/cli.mjs', 'dist/job-thread.mjs', 'dist/inbox/index.html', 'bin/glitchbox-server.mjs'])
      expect(server).toContain(file);
  });

  it('carry no made-up URL in any packed package.json (homepage, bugs, repository)', () => {
    for (const t of tarballs) {
      const pkg = JSON.parse(readFileSync(join(app, 'node_modules', t.name, 'package.json'), 'utf8'));
      expect(placeholderUrls(pkg), t.name).toEqual([]);
    }
    // The check itself refuses what it is for.
    expect(placeholderUrls({ repository: { url: 'git+https://github.com/glitchbox/glitchbox.git' } })).toHaveLength(1);
    expect(
      placeholderUrls({ homepage: 'https://example.com/x', bugs: { url: 'https://gb.test/issues' } }),
    ).toHaveLength(2);
    expect(placeholderUrls({ repository: 'http://git.studio.io/gb' })).toHaveLength(1);
  });

  it('type-checks a strict consumer with moduleResolution bundler and nodenext, skipLibCheck off', async () => {
    const tsc = join(app, 'node_modules/typescript/bin/tsc');
    const [bundler, nodenext] = await Promise.all(
      ['bundler', 'nodenext'].map((dir) => run(process.execPath, [tsc, '-p', join(app, dir, 'tsconfig.json')])),
    );
    expect(bundler.stdout + bundler.stderr).toBe('');
    expect(nodenext.stdout + nodenext.stderr).toBe('');
  }, 300_000);

  it('builds a Vite game that imports glitchbox', async () => {
    const vite = join(app, 'node_modules/vite/bin/vite.js');
    const builds = await Promise.all(
      ['game', 'empty'].map((dir) => run(process.execPath, [vite, 'build', dir, '--logLevel', 'error'])),
    );
    for (const b of builds) expect(b.code, b.stderr).toBe(0);
    const gzip = (dir: string, pick: (name: string) => boolean) =>
      readdirSync(join(app, dir, 'dist/assets'))
        .filter((name) => name.endsWith('.js') && pick(name))
        .reduce((sum, name) => sum + gzipSync(readFileSync(join(app, dir, 'dist/assets', name))).length, 0);
    const entry = gzip('game', (n) => n.startsWith('index-')) - gzip('empty', (n) => n.startsWith('index-'));
    const all = gzip('game', () => true) - gzip('empty', () => true);
    console.log(
      `glitchbox adds ${entry} bytes gzip to the game's entry chunk, ${all} bytes gzip with every lazy chunk`,
    );
    expect(entry).toBeGreaterThan(1000);
    expect(readdirSync(join(app, 'game/dist/assets')).some((n) => n.startsWith('ui-'))).toBe(true);
  }, 300_000);

  it('imports glitchbox in plain Node, where init() is a no-op with one warning', async () => {
    const r = await run(process.execPath, ['ssr.mjs']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ open: false, exports: expect.arrayContaining(['init', 'open']) });
    expect(r.stderr.trim().split('\n')).toEqual([
      'glitchbox: init() does nothing without a page (server-side rendering?)',
    ]);
  });

  it('resolves glitchbox/core in plain Node to its Node build, whose createReporter hashes with node:crypto', async () => {
    const resolve = "console.log(import.meta.resolve('glitchbox/core'))";
    const r = await run(process.execPath, ['--input-type=module', '-e', resolve]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toMatch(/\/node_modules\/glitchbox\/dist\/lib\/core-node\.js$/);
  });

  it('refuses an unknown createNodeReporter option by name', async () => {
    const r = await run(process.execPath, ['unknown-option.mjs']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('createNodeReporter: unknown option "projectID"');
  });

  it('runs the glitchbox CLI: --help exits 0, a missing --file is one line', async () => {
    const help = await run('npx', ['glitchbox', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('glitchbox report --description');
    const missing = await run('npx', ['glitchbox', 'report', '--description', 'Rubber-banding', '--file', 'nope.mp4'], {
      env: { GLITCHBOX_ENDPOINT: 'http://127.0.0.1:9', GLITCHBOX_PROJECT: 'pr-1001', GLITCHBOX_TOKEN: 'tkn-game' },
    });
    expect(missing.code).toBe(64);
    expect(missing.stderr).toBe('glitchbox: --file nope.mp4: no such file\n');
  });

  describe('with npx glitchbox-server running the shipped example', () => {
    let server: ChildProcess;
    let url = '';
    beforeAll(async () => {
      const fixtures = 'node_modules/glitchbox-server/examples/fixtures.json';
      server = spawn(
        'npx',
        ['glitchbox-server', '--port', '0', '--fixtures', fixtures, '--static', '/widget=node_modules/glitchbox/dist'],
        {
          cwd: app,
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: true,
        },
      );
      let err = '';
      server.stderr!.on('data', (chunk) => (err += chunk));
      url = await new Promise<string>((resolve, reject) => {
        let out = '';
        server.stdout!.on('data', (chunk) => {
          out += chunk;
          const match = /listening on (http:\/\/\S+)\n/.exec(out);
          if (match) resolve(match[1]);
        });
        server.once('exit', (code) => reject(new Error(`glitchbox-server exited ${code}: ${err}`)));
      });
    }, 60_000);
    afterAll(() => {
      // npx runs the bin in a child: signal the group this test started.
      if (server.pid) process.kill(-server.pid, 'SIGTERM');
    });

    it('answers /projects.json', async () => {
      const res = await fetch(`${url}/projects.json`, { headers: { Authorization: 'Bearer pat-dev' } });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ projects: [{ id: 'pr-1001', name: 'My Game' }] });
    });

    it('serves the script-tag loader and its chunks from the installed package', async () => {
      for (const path of ['/widget/glitchbox.js', '/widget/esm/ui.js', '/inbox/', '/docs']) {
        const res = await fetch(url + path);
        expect(res.status, path).toBe(200);
      }
    });

    it('runs the documented glitchbox/node snippet, which sends the report and exits by itself', async () => {
      const doc = readFileSync(join(ROOT, 'docs/reporter-core.md'), 'utf8');
      const snippet = /## Node \(`glitchbox\/node`\)\n+```js\n([\s\S]*?)```/.exec(doc)?.[1];
      expect(snippet).toBeDefined();
      writeFileSync(join(app, 'snippet.mjs'), snippet!);
      const started = Date.now();
      const r = await run(process.execPath, ['snippet.mjs'], {
        env: { GLITCHBOX_ENDPOINT: url, HOME: work },
        timeout: 25_000,
      });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/status: 'sent'/);
      expect(Date.now() - started).toBeLessThan(20_000);
    }, 30_000);
  });
});
