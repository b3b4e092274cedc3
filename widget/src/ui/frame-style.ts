// The overlay frame's own inline style, shown and hidden: covering the viewport while a report is open, and
// while closed out of layout, focus and the accessibility tree (docs/widget.md#the-forms-own-document).

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
  visibility: 'visible',
  opacity: '1',
  transform: 'none',
  filter: 'none',
  'pointer-events': 'auto',
  'z-index': '2147483647',
};

/** Shows the frame: its covering style, back in focus order and the accessibility tree. */
export function showFrame(frame: HTMLIFrameElement): void {
  for (const [k, v] of Object.entries(SHOWN)) frame.style.setProperty(k, v, 'important');
  frame.hidden = false;
  frame.inert = false;
  frame.removeAttribute('aria-hidden');
}

/** Hides the kept frame between opens: no box (so no layout, paint or hit testing), inert, out of the
 * accessibility tree, out of the top layer. Its document and stylesheet stay for the next open. */
export function hideFrame(frame: HTMLIFrameElement): void {
  try {
    frame.hidePopover();
  } catch {
    /* not in the top layer */
  }
  frame.style.setProperty('display', 'none', 'important');
  frame.hidden = true;
  frame.inert = true;
  frame.setAttribute('aria-hidden', 'true');
}
