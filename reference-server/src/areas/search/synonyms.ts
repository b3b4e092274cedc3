// A small, hand-written synonym table of words players use for the same thing in bug reports.
// Search expands a query word into its group; the embedder maps every member to one concept.
// Written once from general game vocabulary, not tuned against the relevance dataset.
import { stem } from './text.ts';

const GROUPS: string[][] = [
  ['crash', 'ctd'],
  ['freeze', 'hang', 'unresponsive', 'frozen'],
  ['player', 'character', 'avatar', 'hero'],
  ['ground', 'floor', 'terrain'],
  ['sound', 'audio', 'sfx'],
  ['music', 'soundtrack', 'bgm'],
  ['lag', 'latency', 'ping'],
  ['stutter', 'hitch', 'hitching'],
  ['fps', 'framerate'],
  ['disconnect', 'kicked'],
  ['enemy', 'mob', 'monster', 'creature'],
  ['weapon', 'gun'],
  ['controller', 'gamepad', 'joystick', 'joypad'],
  ['invisible', 'disappear', 'vanish'],
  ['translation', 'localization', 'localisation'],
  ['achievement', 'trophy'],
  ['inventory', 'backpack', 'bag'],
  ['shop', 'store', 'merchant', 'vendor'],
  ['quest', 'mission'],
  ['cutscene', 'cinematic'],
  ['flicker', 'flash', 'blink'],
  ['launch', 'startup', 'boot'],
  ['login', 'signin'],
  ['vehicle', 'car'],
  ['clip', 'phase'],
  ['settings', 'options', 'preferences'],
  ['multiplayer', 'coop', 'online'],
  ['chest', 'crate'],
  ['health', 'hp'],
  ['damage', 'dmg'],
  ['coins', 'gold', 'currency', 'money'],
  ['mouse', 'cursor', 'pointer'],
  ['bug', 'glitch'],
  ['button', 'btn'],
];

/** Stem → the stems of its group (itself included). */
const GROUP_OF = new Map<string, string[]>();
/** Stem → the group's first stem, the concept the embedder counts. */
const CONCEPT_OF = new Map<string, string>();
for (const group of GROUPS) {
  const stems = [...new Set(group.map(stem))];
  for (const s of stems) {
    GROUP_OF.set(s, stems);
    CONCEPT_OF.set(s, stems[0]);
  }
}

/** The other stems meaning the same as this one (empty when it has none). */
export function synonymsOf(wordStem: string): string[] {
  return (GROUP_OF.get(wordStem) ?? []).filter((s) => s !== wordStem);
}

export function conceptOf(wordStem: string): string {
  return CONCEPT_OF.get(wordStem) ?? wordStem;
}
