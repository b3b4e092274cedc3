// The overlay's stylesheet (styles.css), adopted into the overlay frame's document as a constructable
// stylesheet (no inline <style>, so a strict style-src works); themes are CSS variables on the dialog.
import CSS from './styles.css?inline';

/** Adopts the stylesheet (CSP-safe); falls back to a <style nonce> where constructable sheets are missing. */
export function applyStyles(doc: Document, nonce?: string): void {
  try {
    // A document adopts only sheets its own window's CSSStyleSheet built (the game's window's would throw).
    const sheet = new (doc.defaultView as typeof globalThis).CSSStyleSheet();
    sheet.replaceSync(CSS);
    doc.adoptedStyleSheets = [sheet];
  } catch {
    const style = doc.createElement('style');
    if (nonce) style.nonce = nonce;
    style.textContent = CSS;
    doc.head.appendChild(style);
  }
}
