// Loader-side capture pieces that need no browser: breadcrumbs within the 128 KB debug_trace
// limit, hotkeys, script-tag options, the bounded ring buffer, safe formatting, OS from the UA, the GPU line from
// what the loader read, and how the form becomes a ReportInput.
import { expect, test } from 'vitest';
import { createBreadcrumbs, toSeverity } from '../../widget/src/capture/breadcrumbs.ts';
import { DEBUG_TRACE_LIMIT, fitDebugTrace } from '../../widget/src/core/debug-trace.ts';
import { gpuLine, osFromUserAgent } from '../../widget/src/delivery/device-info.ts';
import { matchesHotkey, parseHotkey } from '../../widget/src/runtime/hotkey.ts';
import { readDataOptions, resolveOptions } from '../../widget/src/runtime/options.ts';
import { createRingBuffer } from '../../widget/src/capture/ring-buffer.ts';
import { formatArgs } from '../../widget/src/capture/safe-format.ts';
import { buildReport, type FormState } from '../../widget/src/ui/build-report.ts';

test('cuts the debug trace to its newest steps within the 128 KB limit', () => {
  const steps = Array.from({ length: 400 }, (_, i) => ({
    severity: 'info' as const,
    description: `step ${i} ${'x'.repeat(1000)}`,
  }));
  const fitted = fitDebugTrace(steps);
  const bytes = new TextEncoder().encode(JSON.stringify({ steps: fitted })).length;
  expect(bytes).toBeLessThanOrEqual(DEBUG_TRACE_LIMIT);
  expect(fitted.length).toBeGreaterThan(100);
  expect(fitted.at(-1)!.description).toMatch(/^step 399 /);
  expect(fitted[0].description).toMatch(new RegExp(`^step ${400 - fitted.length} `));
  expect(fitDebugTrace(steps.slice(0, 3))).toHaveLength(3);
});

test('keeps breadcrumbs bounded, with severities mapped to info, warning and danger', () => {
  const crumbs = createBreadcrumbs(3, Date.now());
  for (const [s, t] of [
    ['info', 'a'],
    ['warn', 'b'],
    ['error', 'c'],
    ['nonsense', 'd'],
  ])
    crumbs.add(s, t);
  expect(crumbs.steps().map((s) => [s.severity, s.description.replace(/^\[\+[\d.]+s\] /, '')])).toEqual([
    ['warning', 'b'],
    ['danger', 'c'],
    ['info', 'd'],
  ]);
  expect([toSeverity('fatal'), toSeverity('warning'), toSeverity(undefined)]).toEqual(['danger', 'warning', 'info']);
  crumbs.add('info', {
    toString() {
      throw new Error('bad');
    },
  });
  expect(crumbs.steps()).toHaveLength(3); // a throwing value is dropped, never thrown into the game
});

test('matches hotkeys by key or code with exact modifiers', () => {
  const ev = (key: string, code: string, mods: Partial<KeyboardEvent> = {}) =>
    ({ key, code, ctrlKey: false, shiftKey: false, altKey: false, metaKey: false, ...mods }) as KeyboardEvent;
  expect(matchesHotkey(ev('F8', 'F8'), parseHotkey('F8'))).toBe(true);
  expect(matchesHotkey(ev('F8', 'F8', { ctrlKey: true }), parseHotkey('F8'))).toBe(false);
  expect(matchesHotkey(ev('B', 'KeyB', { ctrlKey: true, shiftKey: true }), parseHotkey('Ctrl+Shift+B'))).toBe(true);
  expect(matchesHotkey(ev('∫', 'KeyB', { altKey: true }), parseHotkey('Alt+KeyB'))).toBe(true);
});

test('reads the script tag data attributes into options with defaults', () => {
  const o = resolveOptions(
    readDataOptions({
      project: 'pr-1',
      token: 'tkn-a',
      endpoint: 'https://feedback.example/',
      hotkey: 'none',
      release: '1.2.0',
      canvas: '#game',
      locale: 'ar',
      launcher: 'true',
      replay: '20',
      gamepadChord: '4+5',
      playtimeTags: 'build=42, store=steam',
      reportErrors: 'false',
      suggestMatches: 'off',
      styleNonce: 'n0nce',
    }),
  );
  expect(o).toMatchObject({
    projectId: 'pr-1',
    token: 'tkn-a',
    endpoint: 'https://feedback.example',
    hotkey: false,
    release: '1.2.0',
    canvas: '#game',
    locale: 'ar',
    launcher: true,
    replay: { seconds: 20 },
    gamepadChord: [4, 5],
    playtime: { tags: { build: '42', store: 'steam' } },
    reportErrors: false,
    suggestMatches: false,
    styleNonce: 'n0nce',
    theme: 'auto',
  });
  expect(resolveOptions({ projectId: 'pr-1', token: 't', endpoint: 'https://x' }).hotkey).toBe('F8');
  expect(() => resolveOptions(readDataOptions({ token: 'tkn-a' }))).toThrow(
    /projectId, token and endpoint are required/,
  );
});

test('drops the oldest ring buffer items past the count or weight budget', () => {
  const byCount = createRingBuffer<string>(3, 10, (s) => s.length);
  for (const s of ['aaaa', 'bbbb', 'cc', 'dddd']) byCount.push(s);
  expect(byCount.items()).toEqual(['bbbb', 'cc', 'dddd']);
  expect(byCount.total).toBe(4);
  const byWeight = createRingBuffer<string>(5, 9, (s) => s.length);
  for (const s of ['aaaa', 'bbbb', 'cc', 'dddd']) byWeight.push(s);
  expect(byWeight.items()).toEqual(['cc', 'dddd']);
});

test('formats console arguments without throwing on cycles, errors and huge strings', () => {
  const cyclic: any = { name: 'ship' };
  cyclic.self = cyclic;
  const text = formatArgs(['hit', cyclic, new TypeError('bad state'), 10n, 'y'.repeat(5000)]);
  expect(text).toContain('{"name":"ship","self":"[circular]"}');
  expect(text).toContain('TypeError: bad state');
  expect(text).toContain('10n');
  expect(text.length).toBeLessThan(3000);
});

test('names the operating system from a user agent', () => {
  expect(osFromUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('Windows 10/11');
  expect(osFromUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)')).toBe('macOS 10.15.7');
  expect(osFromUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('Android 14');
  expect(osFromUserAgent('curl/8')).toBe('unknown');
});

test('writes the GPU line by the kind of context the game draws with', async () => {
  const canvas = (type?: string) => ({ __glitchboxContextType: type }) as unknown as HTMLCanvasElement;
  const angle = 'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device))';
  expect(await gpuLine(canvas('webgl2'), [angle, 'Google Inc. (Google)'])).toBe(
    `${angle} (vendor Google Inc. (Google))`,
  );
  expect(await gpuLine(canvas('webgl'), ['Mali-G78', ''])).toBe('Mali-G78');
  expect(await gpuLine(canvas('2d'), '')).toBe('2D canvas (no GPU context)');
  expect(await gpuLine(canvas('offscreen'), '')).toBe('drawn in a worker (OffscreenCanvas), not readable here');
  // No WebGPU here (plain Node): the adapter stays unknown, the line still says what the game draws with.
  expect(await gpuLine(canvas('webgpu'), '')).toBe('unknown (WebGPU adapter)');
  // Not read yet, the read failed, or no canvas: no GPU line at all.
  expect(await gpuLine(canvas('webgl'), undefined)).toBeUndefined();
  expect(await gpuLine(canvas('webgl'), '')).toBeUndefined();
  expect(await gpuLine(null, undefined)).toBeUndefined();
});

const form = (over: Partial<FormState> = {}): FormState => ({
  kind: 'bug',
  title: '',
  description: ' The door is stuck ',
  steps: '1. Open the door\n- Push\n\n',
  fields: { platform: 'Web', empty: '' },
  email: 'not-an-email',
  include: { screenshot: true, logs: false, device: true, trace: true, replay: true },
  ...over,
});
const snap = {
  logs: 'log text',
  logCount: 1,
  debugTrace: [{ severity: 'info' as const, description: 'started' }],
  deviceInfo: 'OS: Linux',
  customFields: { level: '3' },
  releaseLabel: '1.1.0',
};

test('builds the report from the form and only the captures left ticked', async () => {
  const report = await buildReport(form(), snap, { screenshot: null, shapes: [], replay: null });
  expect(report).toEqual({
    kind: 'bug',
    description: 'The door is stuck',
    source: 'glitchbox-web',
    releaseLabel: '1.1.0',
    steps: ['Open the door', 'Push'],
    customFields: { level: '3', platform: 'Web' },
    deviceInfo: 'OS: Linux',
    debugTrace: [{ severity: 'info', description: 'started' }],
  });
  const suggestion = await buildReport(form({ kind: 'suggestion', email: 'p@players.test', title: 'Idea' }), snap, {
    screenshot: null,
    shapes: [],
    replay: null,
  });
  expect(suggestion).toEqual({
    kind: 'suggestion',
    title: 'Idea',
    description: 'The door is stuck',
    source: 'glitchbox-web',
    email: 'p@players.test',
    releaseLabel: '1.1.0',
  });
});
