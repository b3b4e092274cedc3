// `glitchbox` CLI: `report` files a bug, suggestion or ticket with files and shows upload progress;
// `sync` drains the outbox; `list` shows what is kept. Exit codes: 0 sent, 2 rejected, 3 still queued.
import { existsSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { ReporterEvent, ReportKind } from '../core/types.ts';
import { fileAttachment } from './file-attachment.ts';
import { createNodeReporter, type NodeReporter } from './node-reporter.ts';
import { createProgressBar } from './progress-bar.ts';

const USAGE =
  `Usage:
  glitchbox report --description <text> [--file <path>]... [--title <t>] [--email <e>] [--kind bug|suggestion|ticket]
  glitchbox sync
  glitchbox list
Connection: --endpoint <url> --project <pr-…> --token <tkn-…> (or GLITCHBOX_ENDPOINT, GLITCHBOX_PROJECT, ` +
  `GLITCHBOX_TOKEN)
Options: --outbox <dir> (default ~/.glitchbox/outbox/<project>), --timeout <seconds> (default 120)
`;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
  isTTY?: boolean;
}

const defaultIo: CliIo = {
  stdout: (t) => void process.stdout.write(t),
  stderr: (t) => void process.stderr.write(t),
  env: process.env,
  isTTY: process.stderr.isTTY,
};

const parseCommandLine = (args: string[]) =>
  parseArgs({
    args,
    options: {
      description: { type: 'string', short: 'd' },
      title: { type: 'string' },
      email: { type: 'string' },
      kind: { type: 'string', default: 'bug' },
      file: { type: 'string', multiple: true, short: 'f' },
      endpoint: { type: 'string' },
      project: { type: 'string' },
      token: { type: 'string' },
      outbox: { type: 'string' },
      timeout: { type: 'string', default: '120' },
      help: { type: 'boolean', short: 'h' },
    },
  });

export async function main(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const [command, ...rest] = argv;
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(rest);
  } catch (error) {
    io.stderr(`${(error as Error).message}\n${USAGE}`);
    return 64;
  }
  const o = parsed.values;
  // `glitchbox --help` (and -h) comes in as the command; help goes to stdout and exits 0, as a usage error does not.
  if (command === '--help' || command === '-h' || o.help) {
    io.stdout(USAGE);
    return 0;
  }
  if (!command || !['report', 'sync', 'list'].includes(command)) {
    io.stderr(`${command ? `unknown command ${JSON.stringify(command)}` : 'missing command'}\n${USAGE}`);
    return 64;
  }
  const endpoint = o.endpoint ?? io.env.GLITCHBOX_ENDPOINT;
  const projectId = o.project ?? io.env.GLITCHBOX_PROJECT;
  const token = o.token ?? io.env.GLITCHBOX_TOKEN;
  if (!endpoint || !projectId || !token) {
    io.stderr(`missing --endpoint, --project or --token\n${USAGE}`);
    return 64;
  }
  const reporter = createNodeReporter({
    endpoint,
    projectId,
    token,
    dir: o.outbox,
    captureCrashes: false,
    autoStart: false,
  });
  try {
    if (command === 'list') return await list(reporter, io);
    if (command === 'sync') return await sync(reporter, io);
    if (!o.description) {
      io.stderr(`report needs --description\n${USAGE}`);
      return 64;
    }
    if (!['bug', 'suggestion', 'ticket'].includes(o.kind!)) {
      io.stderr(`--kind must be bug, suggestion or ticket\n`);
      return 64;
    }
    const unreadable = (o.file ?? []).flatMap((path) =>
      !existsSync(path) ? [`${path}: no such file`] : statSync(path).isFile() ? [] : [`${path}: not a file`],
    );
    if (unreadable.length) {
      io.stderr(`glitchbox: --file ${unreadable.join('; ')}\n`);
      return 64;
    }
    const attachments = await Promise.all((o.file ?? []).map((path) => fileAttachment(path)));
    const bar = createProgressBar(io.stderr, io.isTTY ?? false);
    const off = reporter.on('progress', (e: ReporterEvent) => {
      if (e.loaded !== undefined && e.total !== undefined && e.attachment !== undefined)
        bar.update(attachments[e.attachment]?.name ?? 'file', e.loaded, e.total);
      else if (e.step === 'offline' || e.step === 'retry') bar.note(`waiting: ${e.error ?? e.step}`);
    });
    reporter.start();
    const result = await reporter.report(
      {
        kind: o.kind as ReportKind,
        description: o.description,
        title: o.title,
        email: o.email,
        attachments,
        source: 'glitchbox-cli',
      },
      { timeoutMs: Number(o.timeout) * 1000 },
    );
    off();
    bar.done();
    if (result.status === 'sent') {
      io.stdout(`sent ${result.remoteId ?? result.id}${result.url ? ` ${result.url}` : ''}\n`);
      return 0;
    }
    if (result.status === 'rejected') {
      io.stderr(
        `rejected: ${result.error}\nThe report is kept in the outbox (${reporter.outbox.dir}); fix it and run ` +
          `\`glitchbox sync\`.\n`,
      );
      return 2;
    }
    io.stderr(
      `not delivered yet: the report is kept in ${reporter.outbox.dir} and will be sent by \`glitchbox sync\`.\n`,
    );
    return 3;
  } finally {
    reporter.close();
  }
}

async function list(reporter: NodeReporter, io: CliIo): Promise<number> {
  const reports = await reporter.list();
  for (const r of reports)
    io.stdout(
      `${r.id}  ${r.status.padEnd(8)} ${r.step.padEnd(16)} ${r.fields.kind.padEnd(10)} ${
        r.rejection ? `rejected: ${r.rejection.error}` : (r.lastError ?? '')
      }\n`,
    );
  const usage = await reporter.usage();
  io.stdout(`${usage.reports} report(s), ${usage.bytes} bytes\n`);
  return 0;
}

async function sync(reporter: NodeReporter, io: CliIo): Promise<number> {
  await reporter.syncNow();
  const left = (await reporter.list()).filter((r) => r.status === 'pending').length;
  io.stdout(left ? `${left} report(s) still queued\n` : 'outbox drained\n');
  return left ? 3 : 0;
}
