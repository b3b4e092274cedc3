// While the reporter is open, keyboard, pointer and gamepad input must not reach the game:
// window capture-phase listeners (installed at load, so before most game listeners) stop key
// events and hand them to the overlay; pointer events outside the overlay are stopped; the
// game's navigator.getGamepads() sees no pads. Default actions (typing, Tab, clicks) still happen.
// Held input is released for the game when the shield engages: it gets the key-ups and button-ups it
// would have got, and never a key-up for a key-down it did not see (the hotkey, keys typed in the form).

const KEYS = ['keydown', 'keyup', 'keypress'];
const RELEASE_PROPS = (
  'key code location keyCode which button clientX clientY screenX screenY pointerId pointerType' + ' isPrimary'
).split(' ');
const POINTER = [
  'pointerdown',
  'pointerup',
  'pointermove',
  'mousedown',
  'mouseup',
  'mousemove',
  'click',
  'dblclick',
  'contextmenu',
  'wheel',
  'touchstart',
  'touchmove',
  'touchend',
];

export interface InputShield {
  readonly active: boolean;
  /** Stops the game's input from here on and releases every key and button the game believes held. */
  engage(): void;
  disengage(): void;
  /** Keeps pointer events inside our own element from bubbling on to the game's document and window listeners. */
  contain(el: Element): void;
  /** The shield's key listener, added to the overlay frame's window too (docs/widget.md#the-forms-own-document):
   * the hotkey closes from there, and a key pressed there keeps its key-up from the game after close. */
  key(e: Event): void;
  /** The real getGamepads, for the overlay's own gamepad navigation and the chord. */
  getGamepads(): (Gamepad | null)[];
}

export function createInputShield(
  isOwnEvent: (e: Event) => boolean,
  beforeKey: (e: KeyboardEvent) => boolean,
): InputShield {
  const nav = navigator as Navigator & { getGamepads?: () => (Gamepad | null)[] };
  const realGetGamepads = nav.getGamepads ? nav.getGamepads.bind(navigator) : () => [];
  // Key-downs and button-downs the game received and whose key-up it has not had yet.
  const gameHeld = new Map<string, KeyboardEvent | MouseEvent>();
  // Keys whose key-down the game never saw (or whose key-up it already got from us): their key-up is ours.
  const ours = new Set<string>();
  let releasing = false;
  const shield: InputShield = {
    active: false,
    key: onKey,
    getGamepads: () => {
      try {
        return Array.from(realGetGamepads());
      } catch {
        return [];
      }
    },
    engage() {
      (shield as { active: boolean }).active = true;
      releasing = true;
      for (const [key, d] of gameHeld) {
        if (d instanceof KeyboardEvent) ours.add(key);
        try {
          releaseFor(d);
        } catch {
          /* a game listener threw */
        }
      }
      releasing = false;
      gameHeld.clear();
    },
    disengage() {
      (shield as { active: boolean }).active = false;
    },
    contain(el) {
      for (const t of POINTER) el.addEventListener(t, (e) => e.stopPropagation());
    },
  };
  function onKey(event: Event) {
    const e = event as KeyboardEvent;
    if (releasing) return;
    // A key-down already default-prevented reached a listener added before ours (GLFW's, Unity's): the game saw
    // it, the hotkey too, so its key-up is owed to the game at open (its real key-up goes to the form's frame).
    if (e.defaultPrevented && !shield.active && e.type === 'keydown') gameHeld.set(e.code, e);
    // beforeKey handles the hotkey in either state and reports whether it consumed the event.
    if (beforeKey(e)) {
      ours.add(e.code);
      return;
    }
    const up = e.type === 'keyup';
    if (shield.active || (up && ours.has(e.code))) {
      if (e.type === 'keydown') ours.add(e.code);
      else if (up) ours.delete(e.code);
      e.stopImmediatePropagation();
    } else if (up) gameHeld.delete(e.code);
    else if (e.type === 'keydown') {
      ours.delete(e.code);
      gameHeld.set(e.code, e);
    }
  }
  const onPointer = (e: Event) => {
    if (releasing) return;
    if (shield.active) {
      if (!isOwnEvent(e)) e.stopImmediatePropagation();
      return;
    }
    const m = /^(pointer|mouse)(down|up)$/.exec(e.type);
    if (m) {
      const key = m[1] + (e as MouseEvent).button;
      if (m[2] === 'down') gameHeld.set(key, e as MouseEvent);
      else gameHeld.delete(key);
    }
  };
  // Focus moving into the form's own frame blurs the game's window: that blur, and the focus that pairs it at
  // close, are kept from the game (a game that pauses on blur would pause without data-pause). At load, like
  // the key listeners: on a window target, listeners run in the order they were added, capture or not.
  let kept = false;
  const onFocus = (e: Event) => {
    if (e.isTrusted && e.target === window && (e.type === 'blur' ? shield.active : kept)) {
      kept = e.type === 'blur';
      e.stopImmediatePropagation();
    }
  };
  addEventListener('blur', onFocus, true);
  addEventListener('focus', onFocus, true);
  for (const t of KEYS) addEventListener(t, onKey, true);
  for (const t of POINTER) addEventListener(t, onPointer, { capture: true, passive: false });
  if ('getGamepads' in navigator) {
    try {
      Object.defineProperty(navigator, 'getGamepads', {
        configurable: true,
        value: () => (shield.active ? [null, null, null, null] : realGetGamepads()),
      });
    } catch {
      /* a frozen navigator: the game pauses on the open event instead */
    }
  }
  return shield;
}

/** Dispatches the key-up or button-up matching a down event, where the down event went (or the document). */
function releaseFor(d: KeyboardEvent | MouseEvent): void {
  const init: Record<string, unknown> = { bubbles: true, cancelable: true, composed: true, view: window };
  for (const k of RELEASE_PROPS) init[k] = d[k as keyof typeof d];
  const target = d.target as Node | null;
  const up = new (d.constructor as typeof Event)(d.type.replace('down', 'up'), init);
  (target?.isConnected ? target : document).dispatchEvent(up);
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
    if (!any && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  addEventListener('gamepadconnected', () => {
    timer ??= setInterval(poll, 100);
  });
}
