// The glitchbox-server command: flags (each also an environment variable), optional fixtures,
// and one line "listening on http://HOST:PORT" once it answers.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadFixtures } from './areas/admin/fixtures.ts';
import { ServiceError } from './errors.ts';
import { describeStartupError } from './startup-errors.ts';
import { startServer } from './server.ts';

const HELP = `Usage: glitchbox-server [options]

Reference server of the Game Feedback Service API.

Options (environment variable in brackets):
  --port N            port to listen on, 0 for a free one         [GLITCHBOX_PORT, PORT] default 4010
  --host H            address to listen on                        [GLITCHBOX_HOST]   default 127.0.0.1
  --db FILE|:memory:  SQLite database file                        [GLITCHBOX_DB]     default :memory:
  --storage DIR       directory of uploaded files                 [GLITCHBOX_STORAGE] default a temp dir
  --fixtures FILE     load a fixture document (JSON) at start     [GLITCHBOX_FIXTURES]
  --public-url URL    base URL clients use (media and links)      [GLITCHBOX_PUBLIC_URL] default http://HOST:PORT
  --strict            answer 400 to what the real service only tolerates [GLITCHBOX_STRICT=1]
  --no-admin          do not mount the /__admin test surface      [GLITCHBOX_NO_ADMIN=1]
  --no-answer-cache   compute every list answer afresh (measuring) [GLITCHBOX_NO_ANSWER_CACHE=1]
  --static P=DIR      serve directory DIR at URL prefix P (repeatable), e.g. --static /game=./build
  -h, --help          show this help
`;

function fail(message: string): never {
  process.stderr.write(`glitchbox-server: ${message}\n`);
  process.exit(2);
}

const env = process.env;
const truthy = (value: string | undefined) => value !== undefined && ['1', 'true', 'yes'].includes(value.toLowerCase());

let values: Record<string, string | boolean | string[] | undefined>;
try {
  ({ values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      db: { type: 'string' },
      storage: { type: 'string' },
      fixtures: { type: 'string' },
      'public-url': { type: 'string' },
      strict: { type: 'boolean' },
      'no-admin': { type: 'boolean' },
      'no-answer-cache': { type: 'boolean' },
      static: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  }));
} catch (error) {
  fail(`${(error as Error).message}\n\n${HELP}`);
}

if (values.help) {
  process.stdout.write(HELP);
  process.exit(0);
}

// An empty variable counts as unset, as shells and .env files leave them.
const portText = (values.port as string | undefined) ?? (env.GLITCHBOX_PORT || env.PORT || '4010');
if (!/^\d+$/.test(portText) || Number(portText) > 65535)
  fail(`--port must be a number from 0 to 65535, not ${JSON.stringify(portText)}`);
const publicUrl = (values['public-url'] as string | undefined) ?? env.GLITCHBOX_PUBLIC_URL;
if (publicUrl && !/^https?:\/\/[^\s]+$/.test(publicUrl))
  fail(`--public-url must be an http(s) URL, not ${JSON.stringify(publicUrl)}`);

const staticDirs = ((values.static as string[] | undefined) ?? []).map((spec) => {
  const match = /^(\/[\w./-]*[\w-])=(.+)$/.exec(spec);
  if (!match) fail(`--static takes PREFIX=DIR with PREFIX starting with /, not ${JSON.stringify(spec)}`);
  return { prefix: match[1], dir: match[2] };
});

const fixturesFile = (values.fixtures as string | undefined) ?? env.GLITCHBOX_FIXTURES;
let fixtures: unknown;
if (fixturesFile) {
  let text: string;
  try {
    text = readFileSync(fixturesFile, 'utf8');
  } catch (error) {
    fail(`cannot read fixture file ${fixturesFile}: ${(error as Error).message}`);
  }
  try {
    fixtures = JSON.parse(text);
  } catch (error) {
    fail(`fixture file ${fixturesFile} is not valid JSON: ${(error as Error).message}`);
  }
}

const settings = {
  port: Number(portText),
  host: (values.host as string | undefined) ?? env.GLITCHBOX_HOST ?? '127.0.0.1',
  db: (values.db as string | undefined) ?? env.GLITCHBOX_DB ?? ':memory:',
  storageDir: (values.storage as string | undefined) ?? env.GLITCHBOX_STORAGE,
};
try {
  const server = await startServer({
    ...settings,
    publicUrl,
    strict: Boolean(values.strict) || truthy(env.GLITCHBOX_STRICT),
    admin: !(values['no-admin'] || truthy(env.GLITCHBOX_NO_ADMIN)),
    answerCache: !(values['no-answer-cache'] || truthy(env.GLITCHBOX_NO_ANSWER_CACHE)),
    staticDirs,
  });
  if (fixtures !== undefined) {
    try {
      loadFixtures(server.deps, fixtures);
    } catch (error) {
      await server.close();
      fail(`fixture file ${fixturesFile}: ${error instanceof ServiceError ? error.message : (error as Error).message}`);
    }
  }
  const { partials, orphans } = server.sweep;
  if (partials + orphans > 0) {
    process.stderr.write(
      `glitchbox-server: reclaimed ${partials} partial upload(s) and ${orphans} unreferenced object(s)\n`,
    );
  }
  process.stdout.write(`listening on ${server.url}\n`);
  const shutdown = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
} catch (error) {
  fail(describeStartupError(error, settings));
}
