// Length caps of client text (widget/src/protocol/text-limits.ts): a value over its cap is a 422
// naming the field in JSON, form and multipart alike, and the patterns applied to client text stay
// linear on 1 MB of adversarial input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '../../widget/src/protocol/text-limits.ts';
import { nestEntries, splitKey } from '../../reference-server/src/http/body.ts';
import {
  DEVICE_PATTERNS,
  formatSteps,
  generateTitle,
  parseDeviceInfo,
  predictPriority,
} from '../../reference-server/src/areas/issues/stand-ins.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { PROJECT_ID, TOKENS } from '../helpers/seed.ts';

const MB = 1024 * 1024;
const auth = `FormUser ${TOKENS.all}`;
const issues = `/projects/${PROJECT_ID}/issues.json`;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** The fastest of five runs in ms: the code's own cost, not a scheduler's pause or a cold JIT on a busy machine. */
function fastestMs(run: () => unknown): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

const REPEATED = Array.from({ length: 20_000 }, (): [string, unknown] => ['a', 'x']);

describe('patterns over client text', () => {
  const inputs: Array<[string, string]> = [
    ['1 MB of digits', '9'.repeat(MB)],
    ['1 MB of "1." pairs', '1.'.repeat(MB / 2)],
    ['"ram" and 1 MB of spaces', `ram${' '.repeat(MB)}x`],
    ['1 MB of "ram 1 "', 'ram 1 '.repeat(MB / 6)],
    ['1 MB of "intel "', 'intel '.repeat(MB / 6)],
    ['1 MB of "amd radeon "', 'amd radeon '.repeat(MB / 11)],
  ];
  for (const [name, pattern] of Object.entries(DEVICE_PATTERNS)) {
    it(`runs the ${name} device-info pattern over each adversarial 1 MB in under 50 ms`, () => {
      for (const [label, input] of inputs)
        expect(
          fastestMs(() => pattern.exec(input)),
          label,
        ).toBeLessThan(50);
    });
  }

  const other: Array<[string, () => unknown]> = [
    ['a title from 1 MB with no sentence end', () => generateTitle('a'.repeat(MB))],
    ['steps from 1 MB of spaces and digits', () => formatSteps(`${' 1'.repeat(MB / 2)}x`)],
    ['priority over 1 MB of near-keywords', () => predictPriority('cras'.repeat(MB / 4), 'x')],
    ['a form key of 1 MB of "["', () => splitKey(`a${'['.repeat(MB)}`)],
    ['20,000 repeats of one form key', () => nestEntries(REPEATED)],
  ];
  for (const [label, run] of other) {
    it(`handles ${label} in under 50 ms`, () => {
      expect(fastestMs(run)).toBeLessThan(50);
    });
  }

  it('still finds RAM in an ordinary spec sheet', () => {
    expect(parseDeviceInfo('Windows 11, Ryzen 7 5800X, 16 GB RAM')?.configuration.ram).toBe('16 GB');
    expect(parseDeviceInfo('Android 14; RAM: 8GB')?.configuration.ram).toBe('8GB');
    expect(parseDeviceInfo('macOS 14, memory 1.5 gb')?.configuration.ram).toBe('1.5 GB');
  });
});

describe('a text field over its cap', () => {
  it('answers a 100,000-digit device-info value with 422 in under a second', async () => {
    const started = performance.now();
    const r = await server.request('POST', issues, {
      auth,
      form: {
        'issue[description]': 'The game crashes while loading level 3.',
        'issue[extras][device_info][value]': '7'.repeat(100_000),
      },
    });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(r.status).toBe(422);
    expect(r.body.error).toMatch(/device_info.*at most 4096 characters/);
  });

  const long = 'x'.repeat(TEXT_LIMITS.issueText + 1);
  const encodings: Array<[string, () => Record<string, unknown>]> = [
    ['JSON', () => ({ json: { issue: { description: long } } })],
    ['form', () => ({ form: { 'issue[description]': long } })],
    [
      'multipart',
      () => {
        const form = new FormData();
        form.append('issue[description]', long);
        return { multipart: form };
      },
    ],
  ];
  for (const [encoding, body] of encodings) {
    it(`refuses a description one character over the cap with 422 in ${encoding}`, async () => {
      const r = await server.request('POST', issues, { auth, ...body() });
      expect(r.status).toBe(422);
      expect(r.body).toEqual({ error: `issue.description: must be at most ${TEXT_LIMITS.issueText} characters` });
    });
  }

  it('takes a description of exactly the cap', async () => {
    const r = await server.request('POST', issues, {
      auth,
      json: { issue: { description: `Crash. ${'x'.repeat(TEXT_LIMITS.issueText - 7)}` } },
    });
    expect(r.status).toBe(201);
  });

  it('refuses steps, a title, a label and inline logs over their caps, naming each', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ title: 't'.repeat(TEXT_LIMITS.issueTitle + 1) }, /^issue\.title: must be at most 1000/],
      [{ unformatted_steps_to_reproduce: 's'.repeat(TEXT_LIMITS.issueText + 1) }, /^issue\.unformatted_steps/],
      [{ steps_to_reproduce_array: ['s'.repeat(TEXT_LIMITS.stepText + 1)] }, /^issue\.steps_to_reproduce_array/],
      [{ steps_to_reproduce_array: Array(TEXT_LIMITS.stepItems + 1).fill('s') }, /at most 100 steps/],
      [{ release_label: 'r'.repeat(TEXT_LIMITS.label + 1) }, /^issue\.release_label: must be at most 255/],
      [{ logs: 'l'.repeat(TEXT_LIMITS.logText + 1) }, /^issue\.logs: must be at most 4194304/],
    ];
    for (const [fields, error] of cases) {
      const r = await server.request('POST', issues, {
        auth,
        json: { issue: { description: 'The game crashes while loading level 3.', ...fields } },
      });
      expect(r.status, Object.keys(fields)[0]).toBe(422);
      expect(r.body.error).toMatch(error);
    }
  });

  it('refuses a search query over 1,000 characters with 422', async () => {
    const r = await server.request('GET', `/projects/${PROJECT_ID}/issues/search?query=${'q'.repeat(1_001)}`, {
      auth: 'Bearer pat-developer',
    });
    expect(r.status).toBe(422);
    expect(r.body.error).toMatch(/query: must be at most 1000 characters/);
  });

  it('refuses a 9 MB JSON body on issue create with 413 before parsing it', async () => {
    const r = await server.request('POST', issues, { auth, json: { issue: { description: 'x'.repeat(9 * MB) } } });
    expect(r.status).toBe(413);
    expect(r.body.error).toMatch(/at most 8 MB/);
  });
});
