// Gamepad operation of the overlay: D-pad or left stick moves focus, A activates, B goes back, Start
// (Menu) moves focus to Send.
// Reads the real pads (the game sees none while the overlay is open).

const FOCUSABLE = 'button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';
const A = 0,
  B = 1,
  START = 9,
  UP = 12,
  DOWN = 13,
  LEFT = 14,
  RIGHT = 15;

function focusables(root: Document | ShadowRoot): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0,
  );
}

function moveFocus(root: Document | ShadowRoot, delta: number): void {
  const list = focusables(root);
  if (!list.length) return;
  const i = list.indexOf(root.activeElement as HTMLElement);
  list[(i + delta + list.length) % list.length]?.focus();
}

export function startGamepadNav(
  root: Document | ShadowRoot,
  getGamepads: () => (Gamepad | null)[],
  onBack: () => void,
): () => void {
  let held = new Set<string>();
  let first = true;
  const timer = setInterval(() => {
    const now = new Set<string>();
    for (const pad of getGamepads()) {
      if (!pad) continue;
      pad.buttons.forEach((b, i) => {
        if (b.pressed) now.add(String(i));
      });
      const y = pad.axes[1] ?? 0;
      if (y < -0.6) now.add('up');
      if (y > 0.6) now.add('down');
    }
    // Buttons still held from the opening chord are ignored until released.
    const pressed = (k: string | number) => !first && now.has(String(k)) && !held.has(String(k));
    if (pressed(UP) || pressed(LEFT) || pressed('up')) moveFocus(root, -1);
    if (pressed(DOWN) || pressed(RIGHT) || pressed('down')) moveFocus(root, 1);
    if (pressed(A)) (root.activeElement as HTMLElement | null)?.click();
    if (pressed(B)) onBack();
    if (pressed(START)) root.getElementById('gb-send')?.focus();
    held = now;
    first = false;
  }, 50);
  return () => clearInterval(timer);
}
