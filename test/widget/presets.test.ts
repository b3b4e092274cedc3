// Preset descriptions: which sentences are offered (the game's list, the data attribute's, the locale's, none)
// and the description they compose against a project's minimum length, in plain Node.
import { expect, test } from 'vitest';
import type { FormState } from '../../widget/src/ui/build-report.ts';
import { createTranslate, loadLocale } from '../../widget/src/ui/i18n.ts';
import { describe as compose, presetChoices } from '../../widget/src/ui/presets.ts';
import type { ReportSnapshot } from '../../widget/src/runtime/overlay-contract.ts';

const { t } = createTranslate('en');
const form = (over: Partial<FormState>): FormState => ({
  kind: 'bug',
  title: '',
  description: '',
  presets: [],
  steps: '',
  fields: {},
  email: '',
  include: { screenshot: true, logs: true, device: true, trace: true, replay: true },
  ...over,
});
const snap: ReportSnapshot = {
  logs: '',
  logCount: 0,
  debugTrace: [],
  deviceInfo: 'OS: Linux x86-64\nBrowser: Chromium 131\nViewport: 1280x720',
  customFields: { level: 'Docks 3' },
  releaseLabel: '1.0.0',
};

test('offers the locale’s sentences by default, the game’s list, a data attribute split at |, or none', async () => {
  expect(presetChoices(undefined, t)).toContain('The game froze');
  expect(presetChoices(undefined, t).length).toBeGreaterThanOrEqual(6);
  await loadLocale('de');
  expect(presetChoices(undefined, createTranslate('de').t)).toContain('Das Spiel ist eingefroren');
  expect(presetChoices(['Boss fight bug', ' '], t)).toEqual(['Boss fight bug']);
  expect(presetChoices('Stuck in a wall | Lost my save|', t)).toEqual(['Stuck in a wall', 'Lost my save']);
  for (const off of [false, 'off', 'false', 'none'] as const) expect(presetChoices(off, t)).toEqual([]);
});

test('picked sentences alone say that nothing was typed, and meet a short minimum without context', () => {
  const text = compose(form({ presets: ['The game froze', 'Sound problem'] }), 20, snap, t);
  expect(text).toBe('The game froze\nSound problem\n\n(Picked from the list in the report form; nothing was typed.)');
});

test('under a long minimum, the release, the game’s fields and the device follow a line at a time', () => {
  const min = 110;
  const text = compose(form({ presets: ['The game froze'] }), min, snap, t);
  expect(text.length).toBeGreaterThanOrEqual(min);
  expect(text).toContain('\nRelease: 1.0.0\nlevel: Docks 3');
  // Only as many lines as the minimum needs: the last device line is left out.
  expect(text).not.toContain('Viewport');
  // A minimum beyond all the context there is stays unmet, so the form refuses it as too short.
  expect(compose(form({ presets: ['The game froze'] }), 2000, snap, t).length).toBeLessThan(2000);
});

test('typed words follow the picked sentences; without presets, or for a suggestion, the text is as typed', () => {
  expect(compose(form({ presets: ['The game froze'], description: ' on the bridge ' }), 0, snap, t)).toBe(
    'The game froze\n\non the bridge',
  );
  expect(compose(form({ description: ' bridge ' }), 100, snap, t)).toBe('bridge');
  expect(compose(form({ kind: 'suggestion', presets: ['The game froze'], description: 'x' }), 100, snap, t)).toBe('x');
});
