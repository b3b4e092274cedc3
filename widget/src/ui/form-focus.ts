// Focus into the form's own document, on the description: after the frame that paints the form, or at once when the
// player presses a key before that (docs/widget.md#opening-input-and-focus).

/** Moves focus into the form's document, on the description, unless it is there already (a key pressed before the
 * app's start moved it, and the player may have moved on with Tab since) and this is not a dialog just shown. */
export function focusForm(root: Document, always = false): void {
  if (root.hasFocus() && !always) return;
  root.defaultView?.focus();
  root.getElementById('gb-desc')?.focus();
}
