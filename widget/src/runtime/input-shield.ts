// While the reporter is open, keyboard, pointer and gamepad input must not reach the game:
// window capture-phase listeners (installed at load, so before most game listeners) stop key
// events and hand them to the overlay; pointer events outside the overlay are stopped; the
// game's navigator.getGamepads() sees no pads. Default actions (typing, Tab, clicks) still happen.

const KEYS = ['keydown', 'keyup', 'keypress'];
const POINTER = ['pointerdown', 'pointerup', 'pointermove', 'mousedown', 'mouseup', 'mousemove', 'click', 'dblclick', 'contextmenu', 'wheel', 'touchstart', 'touchmove', 'touchend'];

export interface InputShield {
  active: boolean;
  /** Receives every key event while active (the hotkey handler runs first). */
  onKey: ((e: KeyboardEvent) => void) | null;
  /** The real getGamepads, for the overlay's own gamepad navigation and the chord. */
  getGamepads(): (Gamepad | null)[];
}

export function createInputShield(isOwnEvent: (e: Event) => boolean, beforeKey: (e: KeyboardEvent) => boolean): InputShield {
  const nav = navigator as Navigator & { getGamepads?: () => (Gamepad | null)[] };
  const realGetGamepads = nav.getGamepads ? nav.getGamepads.bind(navigator) : () => [];
  const shield: InputShield = { active: false, onKey: null, getGamepads: () => { try { return Array.from(realGetGamepads()); } catch { return []; } } };
  const onKey = (e: Event) => {
    // beforeKey handles the hotkey in either state and reports whether it consumed the event.
    if (beforeKey(e as KeyboardEvent) || !shield.active) return;
    e.stopImmediatePropagation();
    try { shield.onKey?.(e as KeyboardEvent); } catch { /* overlay bug: keep the shield */ }
  };
  const onPointer = (e: Event) => {
    if (shield.active && !isOwnEvent(e)) e.stopImmediatePropagation();
  };
  for (const t of KEYS) addEventListener(t, onKey, true);
  for (const t of POINTER) addEventListener(t, onPointer, { capture: true, passive: false });
  if ('getGamepads' in navigator) {
    try {
      Object.defineProperty(navigator, 'getGamepads', {
        configurable: true,
        value: () => (shield.active ? [null, null, null, null] : realGetGamepads()),
      });
    } catch { /* a frozen navigator: the game pauses on the open event instead */ }
  }
  return shield;
}

/** Polls pads (only while one is connected) and calls back when the chord is held. */
export function watchGamepadChord(chord: number[], getGamepads: () => (Gamepad | null)[], onChord: () => void): void {
  let timer: ReturnType<typeof setInterval> | undefined;
  let held = false;
  const poll = () => {
    let any = false;
    let now = false;
    for (const pad of getGamepads()) {
      if (!pad) continue;
      any = true;
      if (chord.every((b) => pad.buttons[b]?.pressed)) now = true;
    }
    if (now && !held) onChord();
    held = now;
    if (!any && timer) { clearInterval(timer); timer = undefined; }
  };
  addEventListener('gamepadconnected', () => { timer ??= setInterval(poll, 100); });
}
