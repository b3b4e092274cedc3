// Deterministic stand-ins for the service's AI steps (docs/api-choices.md#stand-ins-for-the-ai): title, steps
// formatting, priority prediction, score, and device_info parsing. Pure functions, so tests can assert on
// them; the rules are listed in docs/api/issues.md.

export const TITLE_MAX = 80;

/** The description's first sentence (up to . ! ? followed by a space, or a line end), ≤ 80 chars. */
export function generateTitle(description: string): string {
  const text = description.trim();
  const match = /^[\s\S]*?(?:[.!?](?=\s|$)|\n|$)/.exec(text);
  const sentence = (match ? match[0] : text).replace(/\s+/g, ' ').trim();
  const title = sentence.length > TITLE_MAX ? sentence.slice(0, TITLE_MAX).trimEnd() : sentence;
  return title || 'Untitled bug report';
}

/** Splits on newlines and strips leading list markers (`1.`, `1)`, `-`, `*`, `•`). */
export function formatSteps(unformatted: string): string[] {
  return unformatted
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:(?:\d+[.)])|[-*•])\s*/, '').trim())
    .filter((line) => line.length > 0);
}

/** Keyword rules, first matching row wins; no match is `medium`. Matched on title + description. */
export const PRIORITY_RULES: ReadonlyArray<{
  priority: 'blocker' | 'critical' | 'high' | 'low';
  words: readonly string[];
}> = [
  {
    priority: 'blocker',
    words: [
      "won't launch",
      "can't launch",
      'cannot launch',
      "won't start",
      "doesn't start",
      'does not start',
      'unplayable',
    ],
  },
  {
    priority: 'critical',
    words: [
      'crash',
      'crashes',
      'crashed',
      'crashing',
      'freeze',
      'freezes',
      'froze',
      'frozen',
      'data loss',
      'lost my save',
      'save corrupted',
      'corrupt',
      'corrupted',
    ],
  },
  {
    priority: 'high',
    words: ['stuck', 'softlock', 'soft lock', "can't progress", 'cannot progress', 'broken', 'exploit', 'black screen'],
  },
  { priority: 'low', words: ['typo', 'spelling', 'cosmetic', 'minor', 'misaligned', 'alignment', 'translation'] },
];

const escapeRegExp = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const RULE_PATTERNS = PRIORITY_RULES.map((rule) => ({
  priority: rule.priority,
  pattern: new RegExp(`(?:^|[^a-z])(?:${rule.words.map(escapeRegExp).join('|')})(?=$|[^a-z])`, 'i'),
}));

export function predictPriority(title: string, description: string): string {
  const text = `${title}\n${description}`.replace(/[’‘]/g, "'");
  return RULE_PATTERNS.find((rule) => rule.pattern.test(text))?.priority ?? 'medium';
}

/**
 * Report quality in [0, 1]: description length (0.4 at 400+ characters, linear below),
 * steps (0.1 for one, 0.2 for two or more), media (0.2 when any attachment), device info (0.2).
 * Rendered with at most two decimals: "0", "0.55", "1".
 */
export function computeScore(input: { description: string; steps: number; media: number; device: boolean }): string {
  const length = Math.min(input.description.trim().length / 400, 1) * 0.4;
  const steps = input.steps >= 2 ? 0.2 : input.steps === 1 ? 0.1 : 0;
  const score = length + steps + (input.media > 0 ? 0.2 : 0) + (input.device ? 0.2 : 0);
  return String(Math.round(Math.min(score, 1) * 100) / 100);
}

export interface ParsedDevice {
  device_type: string;
  configuration: Record<string, string>;
}

const OS_PATTERN = new RegExp(
  String.raw`\b(windows(?:\s*(?:11|10|8\.1|8|7|xp|vista))?|mac\s?os(?:\s*x)?(?:\s*[\d.]+)?|os\s?x|ubuntu|debian|` +
    String.raw`fedora|arch linux|linux|android(?:\s*[\d.]+)?|ipados(?:\s*[\d.]+)?|ios(?:\s*[\d.]+)?|chrome\s?os|` +
    String.raw`steam\s?os|playstation\s*\d?|ps[45]|xbox(?:\s*(?:one|series\s*[xs]))?|nintendo switch|switch)\b`,
  'i',
);
const CPU_PATTERN = new RegExp(
  String.raw`\b((?:intel\s*)?core\s*(?:i[3579]|ultra\s*\d)[-\s]?\w*|intel\s+\w+(?:[-\s]\w+)?|` +
    String.raw`(?:amd\s*)?ryzen\s*\d+\s*\w*|amd\s+\w+(?:\s+\w+)?|apple\s*m\d(?:\s*(?:pro|max|ultra))?|` +
    String.raw`snapdragon\s*\w+|exynos\s*\w+|dimensity\s*\w+|a\d{2}\s*bionic)\b`,
  'i',
);
const GPU_PATTERN = new RegExp(
  String.raw`\b((?:nvidia\s*)?(?:geforce\s*)?(?:rtx|gtx)\s*\d{3,4}(?:\s*(?:ti|super))?|` +
    String.raw`(?:amd\s*)?radeon\s*(?:rx\s*)?\w*|intel\s*(?:u?hd|iris)(?:\s*(?:graphics|xe|plus))?(?:\s*\d+)?|` +
    String.raw`arc\s*a\d{3}|adreno\s*\d+|mali[-\s]?\w+|apple\s*gpu)\b`,
  'i',
);
// Linear on any input (tested with 1 MB of adversarial text): a match starts only at a word boundary not after a dot,
// so a run of n digits is tried once, not n times; and `\s*(?:[:=]\s*)?` has one way to split a run of spaces.
const RAM_PATTERN = new RegExp(
  String.raw`\b(?:(?<!\.)(\d+(?:\.\d+)?)\s*(gb|gib|mb|mib|g)\b(?:\s*(?:of\s*)?(?:ram|memory|ddr\d?))?|(?:ram|` +
    String.raw`memory)\s*(?:[:=]\s*)?(\d+(?:\.\d+)?)\s*(gb|gib|mb|mib|g)?\b)`,
  'i',
);

/** The device-info patterns, for the test that holds each of them linear on 1 MB of adversarial input. */
export const DEVICE_PATTERNS = { os: OS_PATTERN, cpu: CPU_PATTERN, gpu: GPU_PATTERN, ram: RAM_PATTERN };

/**
 * Labelled values (`GPU: …;`) win over the patterns, so a spec sheet parses exactly. A value runs to the end of
 * its line, a `;` or `|`, or a comma outside parentheses: `GPU: ANGLE (Google, Vulkan 1.3.0 (SwiftShader …))`
 * keeps its commas, while `GPU: RTX 3060, 16 GB RAM` still ends at the comma.
 */
function labelled(value: string, label: string): string | undefined {
  const match = new RegExp(`\\b(?:${label})\\s*[:=]\\s*`, 'i').exec(value);
  if (!match) return undefined;
  const start = match.index + match[0].length;
  let end = start;
  for (let depth = 0; end < value.length; end++) {
    const c = value[end];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === '\n' || c === ';' || c === '|' || (c === ',' && depth === 0)) break;
  }
  return value.slice(start, end).trim() || undefined;
}

function deviceTypeOf(os: string | undefined): string {
  if (!os) return 'unknown';
  if (/android|ios|ipados/i.test(os)) return 'mobile';
  if (/playstation|ps[45]|xbox|switch/i.test(os)) return 'console';
  return 'desktop';
}

const EXTRA_LABELS = [
  ['browser', 'browser'],
  ['viewport', 'viewport'],
  ['screen', 'screen'],
  ['page', 'page'],
  ['release', 'release'],
] as const;

/**
 * Finds OS, CPU, GPU and RAM in a free-form hardware string; null when none is found. Labelled browser, viewport,
 * screen, page and release lines join them when one of the four was found.
 */
export function parseDeviceInfo(value: string): ParsedDevice | null {
  const os = labelled(value, 'os') ?? OS_PATTERN.exec(value)?.[1];
  const cpu = labelled(value, 'cpu|processor') ?? CPU_PATTERN.exec(value)?.[1];
  const gpu = labelled(value, 'gpu|graphics') ?? GPU_PATTERN.exec(value)?.[1];
  let ram = labelled(value, 'ram|memory');
  if (!ram) {
    const m = RAM_PATTERN.exec(value);
    if (m) ram = `${m[1] ?? m[3]} ${(m[2] ?? m[4] ?? 'GB').toUpperCase().replace(/^G$/, 'GB')}`;
  }
  const configuration: Record<string, string> = {};
  if (os) configuration.os = os.trim();
  if (cpu) configuration.cpu = cpu.trim();
  if (gpu) configuration.gpu = gpu.trim();
  if (ram) configuration.ram = ram.trim();
  if (Object.keys(configuration).length === 0) return null;
  // Labelled lines the browser widget sends beside those four, kept for triage (docs/api/issues.md#choices-we-made).
  for (const [key, label] of EXTRA_LABELS) {
    const found = labelled(value, label)?.trim();
    if (found) configuration[key] = found;
  }
  return { device_type: deviceTypeOf(configuration.os), configuration };
}

/** Legacy raw auto-detection when `issue[raw]` is not sent: a `[raw]` or `[telemetry]` prefix. */
export function looksRaw(description: string): boolean {
  return /^\s*\[(?:raw|telemetry)\]/i.test(description);
}
