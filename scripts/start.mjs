// npm start: builds what it needs, starts the reference server on a local data file with a
// seeded demo project (first run only), serves the demo game and the widget build, and prints
// the URLs and credentials a new user needs.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.GLITCHBOX_PORT ?? process.env.PORT ?? '4010';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function step(title, args) {
  process.stdout.write(`• ${title}\n`);
  const r = spawnSync(npm, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

step('building the reference server', ['run', 'build', '-w', 'reference-server', '--silent']);
const widget = JSON.parse(readFileSync(join(root, 'widget', 'package.json'), 'utf8'));
// The browser files only: the package's Node build and declarations (`npm run build`) are not needed to serve them.
if (widget.scripts?.['build:browser'])
  step('building the widget', ['run', 'build:browser', '-w', 'widget', '--silent']);

const dataDir = join(root, '.data');
mkdirSync(dataDir, { recursive: true });
const db = join(dataDir, 'glitchbox.db');
const firstRun = !existsSync(db);
const args = [
  join(root, 'reference-server', 'bin', 'glitchbox-server.mjs'),
  '--port',
  port,
  '--db',
  db,
  '--storage',
  join(dataDir, 'storage'),
  '--static',
  `/demo=${join(root, 'demo')}`,
  '--static',
  `/widget=${join(root, 'widget', 'dist')}`,
];
if (firstRun) args.push('--fixtures', join(root, 'scripts', 'demo-fixtures.json'));

const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
let buffer = '';
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  buffer += chunk;
  const match = /listening on (\S+)/.exec(buffer);
  if (!match) return;
  buffer = '';
  const url = match[1];
  process.stdout.write(`
Glitchbox reference server is up${firstRun ? ' (demo project seeded into .data/glitchbox.db)' : ''}.

  Demo game        ${url}/demo/          (press F8 in the game to report a bug)
  QA inbox         ${url}/inbox/         (sign in with the developer token below)
  API docs         ${url}/docs           OpenAPI: ${url}/openapi.json

  Project id       pr-4242
  Project token    tkn-demo              (bug reports, suggestions, tickets, crashes, knowledge base)
  Developer token  pat-demo-developer    (personal access token of a developer)

  Try it:
    curl -H 'Authorization: Bearer pat-demo-developer' -H 'Service-Project-ID: pr-4242' ${url}/projects/pr-4242.json
    curl -X POST -H 'Authorization: FormUser tkn-demo' -H 'Service-Project-ID: pr-4242' \\
         --data-urlencode 'issue[description]=The ship vanished after wave 3' ${url}/projects/pr-4242/issues.json

  Data lives in .data/ (delete it to start over). Ctrl+C stops the server.
`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
