// Preset descriptions: sentences a player picks with a gamepad (or mouse, keys) instead of typing, and the
// description they compose, which says honestly what was picked (docs/widget.md#preset-descriptions).
import type { ReportSnapshot } from '../runtime/overlay-contract.ts';
import type { FormState } from './build-report.ts';
import type { Translate } from './i18n.ts';

const BUILT_IN = ['froze', 'fell', 'stuck', 'controls', 'graphics', 'sound', 'text'] as const;

/** The sentences offered: the game's list (an array, or a `|`-separated data attribute), else the locale's. */
export function presetChoices(option: string[] | string | false | undefined, t: Translate): string[] {
  if (option === undefined) return BUILT_IN.map((k) => t(`preset_${k}` as const));
  if (option === false || /^(off|false|none|0)$/.test(String(option))) return [];
  return (typeof option === 'string' ? option.split('|') : option).map((s) => String(s).trim()).filter(Boolean);
}

/**
 * The description sent: the picked sentences, then what the player typed. Picked alone, a line says nothing was
 * typed. Under the project's minimum, the context the widget already has follows a line at a time (release, the
 * game's fields, the device), never filler: the service checks the length for every caller but its Discord bot.
 */
export function describe(f: FormState, min: number, snap: ReportSnapshot | null, t: Translate): string {
  const typed = f.description.trim();
  if (f.kind !== 'bug' || !f.presets?.length) return typed;
  let text = f.presets.join('\n') + (typed ? `\n\n${typed}` : `\n\n${t('preset_note')}`);
  const context = [
    snap?.releaseLabel && `Release: ${snap.releaseLabel}`,
    ...Object.entries(snap?.customFields ?? {}).map(
      ([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : v}`,
    ),
    ...(snap?.deviceInfo.split('\n') ?? []),
  ];
  for (const line of context) {
    if (text.length >= min) break;
    if (line) text += `\n${line}`;
  }
  return text;
}
