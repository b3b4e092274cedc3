// Hotkey strings such as `F8`, `Ctrl+Shift+B` or `Alt+KeyR`, matched against keyboard events.

export interface Hotkey {
  key: string;
  ctrl: boolean;
  shift: boolean;
  alt: boolean;
  meta: boolean;
}

export function parseHotkey(text: string): Hotkey {
  const parts = text
    .split('+')
    .map((p) => p.trim())
    .filter(Boolean);
  const mods = parts.slice(0, -1).map((m) => m.toLowerCase());
  return {
    key: (parts[parts.length - 1] ?? '').toLowerCase(),
    ctrl: mods.includes('ctrl') || mods.includes('control'),
    shift: mods.includes('shift'),
    alt: mods.includes('alt') || mods.includes('option'),
    meta: mods.includes('meta') || mods.includes('cmd') || mods.includes('super'),
  };
}

export function matchesHotkey(e: KeyboardEvent, h: Hotkey): boolean {
  if (e.ctrlKey !== h.ctrl || e.shiftKey !== h.shift || e.altKey !== h.alt || e.metaKey !== h.meta) return false;
  return e.key?.toLowerCase() === h.key || e.code?.toLowerCase() === h.key;
}
