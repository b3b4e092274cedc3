// The overlay frame's own inline style, shown and hidden: covering the viewport while a report is open, and
// while closed unseen, unhit, inert and out of the accessibility tree (docs/widget.md#the-forms-own-document).

// The frame covers the viewport, transparent (its root's colour scheme matches the frame element's, or Chromium
// paints it opaque); its dialog's backdrop dims the game as the page's own modal dialog did. Important, so a
// game's own `iframe { … }` rules cannot move, hide or shrink it.
const SHOWN: Record<string, string> = {
  position: 'fixed',
  inset: '0',
  width: '100%',
  height: '100%',
  'max-width': 'none',
  'max-height': 'none',
  margin: '0',
  padding: '0',
  border: '0',
  background: 'transparent',
  'color-scheme': 'normal',
  display: 'block',
  opacity: '1',
  transform: 'none',
  filter: 'none',
  'z-index': '2147483647',
};

/** Shows the frame: its covering style, back in focus order and the accessibility tree. */
export function showFrame(frame: HTMLIFrameElement): void {
  style(frame, 'visible', 'auto');
  frame.hidden = false;
  frame.inert = false;
  frame.removeAttribute('aria-hidden');
}

/** Hides the frame while closed, holding the next report's form: laid out at its open size (so the key's frame
 * has its style and layout already; `display: none` would lay out nothing), but not painted (`visibility: hidden`),
 * not hit (no pointer events), inert (so not in the focus order) and out of the accessibility tree. It stays in the
 * top layer (`raiseFrame`), so the key does not pay for entering it. None of this reaches into the frame's own
 * document: ui/mount.tsx keeps focus out of it when it shows the dialog. */
export function hideFrame(frame: HTMLIFrameElement): void {
  style(frame, 'hidden', 'none');
  frame.hidden = true;
  frame.inert = true;
  frame.setAttribute('aria-hidden', 'true');
}

/** Puts the frame in the browser's top layer, as a manual popover: above a fullscreen canvas too, as a modal dialog
 * in the game's page would be. At an open (`again`), on top once more only when the page may have put something
 * there since: its own fullscreen element, modal dialog or popover (the top layer stacks in the order of entry). */
export function raiseFrame(frame: HTMLIFrameElement, again = false): void {
  try {
    if (frame.matches(':popover-open')) {
      if (!again || !frame.ownerDocument.querySelector(':fullscreen, :modal, :popover-open:not([data-glitchbox])'))
        return;
      frame.hidePopover();
    }
    frame.showPopover();
  } catch {
    /* no popover: the fixed frame at the top z-index in the overlay's container */
  }
}

/** Paints the hidden frame while closed: as hidden in every way (not hit, inert, out of the accessibility tree) but
 * visible at an opacity no screen shows: 0.0005 moves a colour by an eighth of an 8-bit level, so no pixel changes,
 * and is above the 0.0004 under which Chromium skips painting. */
export function paintHidden(frame: HTMLIFrameElement): void {
  style(frame, 'visible', 'none');
  frame.style.setProperty('opacity', '0.0005', 'important');
}

function style(frame: HTMLIFrameElement, visibility: string, pointer: string): void {
  for (const [k, v] of Object.entries({ ...SHOWN, visibility, 'pointer-events': pointer }))
    frame.style.setProperty(k, v, 'important');
}
