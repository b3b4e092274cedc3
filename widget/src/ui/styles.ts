// The overlay's stylesheet (styles.css), adopted into its shadow root as a constructable stylesheet
// (no inline <style>, so a strict style-src works); themes are CSS variables a game may override.
import CSS from './styles.css?inline';

/** Adopts the stylesheet (CSP-safe); falls back to a <style nonce> where constructable sheets are missing. */
export function applyStyles(root: ShadowRoot, nonce?: string): void {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    root.adoptedStyleSheets = [sheet];
  } catch {
    const style = document.createElement('style');
    if (nonce) style.nonce = nonce;
    style.textContent = CSS;
    root.appendChild(style);
  }
}
