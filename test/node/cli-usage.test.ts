// The glitchbox CLI's answers before it sends anything: help on stdout with status 0, and each usage mistake (an
// unknown command or flag, a --file that does not exist) as a short message on stderr with status 64.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../widget/src/node/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'glitchbox-cli-usage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(args: string[]) {
  let stdout = '';
  let stderr = '';
  const env = { GLITCHBOX_ENDPOINT: 'http://127.0.0.1:9', GLITCHBOX_PROJECT: 'pr-1001', GLITCHBOX_TOKEN: 'tkn-game' };
  const code = await main([...args, ...(args[0] === 'report' ? ['--outbox', dir] : [])], {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    env,
  });
  return { code, stdout, stderr };
}

describe('glitchbox CLI usage', () => {
  it('prints help on stdout and exits 0 for --help, -h and report --help', async () => {
    for (const args of [['--help'], ['-h'], ['report', '--help']]) {
      const r = await cli(args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stdout).toContain('glitchbox report --description');
      expect(r.stderr).toBe('');
    }
  });

  it('refuses an unknown command, a missing command and an unknown flag with status 64', async () => {
    const unknown = await cli(['send']);
    expect(unknown.code).toBe(64);
    expect(unknown.stderr.split('\n')[0]).toBe('unknown command "send"');
    const none = await cli([]);
    expect(none.code).toBe(64);
    expect(none.stderr.split('\n')[0]).toBe('missing command');
    const flag = await cli(['report', '--descripton', 'typo']);
    expect(flag.code).toBe(64);
    expect(flag.stderr).toMatch(/^Unknown option '--descripton'/);
  });

  it('says in one line which --file does not exist, before anything is queued', async () => {
    const r = await cli(['report', '--description', 'Rubber-banding on the bridge', '--file', join(dir, 'nope.mp4')]);
    expect(r.code).toBe(64);
    expect(r.stderr).toBe(`glitchbox: --file ${join(dir, 'nope.mp4')}: no such file\n`);
    const folder = await cli(['report', '--description', 'Rubber-banding on the bridge', '--file', dir]);
    expect(folder.stderr).toBe(`glitchbox: --file ${dir}: not a file\n`);
  });
});
