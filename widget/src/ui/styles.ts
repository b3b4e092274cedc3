// The overlay's stylesheet, adopted into its shadow root as a constructable stylesheet (no
// inline <style>, so a strict style-src works); themes are CSS variables a game may override.

export const CSS = `
:host { all: initial; }
dialog {
  --gb-bg: #ffffff; --gb-fg: #111827; --gb-muted: #4b5563; --gb-border: #9ca3af; --gb-field: #ffffff;
  --gb-accent: #1d4ed8; --gb-accent-fg: #ffffff; --gb-danger: #b91c1c; --gb-ok: #15803d; --gb-focus: #f59e0b;
  --gb-radius: 10px; --gb-font: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Noto Sans JP", sans-serif;
  box-sizing: border-box; width: min(640px, 96vw); max-height: 94vh; overflow: auto; padding: 0; border: 1px solid var(--gb-border);
  border-radius: var(--gb-radius); background: var(--gb-bg); color: var(--gb-fg); font: 15px/1.45 var(--gb-font);
  box-shadow: 0 20px 60px rgba(0,0,0,.5);
}
dialog.dark {
  --gb-bg: #111827; --gb-fg: #f9fafb; --gb-muted: #d1d5db; --gb-border: #6b7280; --gb-field: #1f2937;
  --gb-accent: #93c5fd; --gb-accent-fg: #111827; --gb-danger: #fca5a5; --gb-ok: #86efac; --gb-focus: #fbbf24;
}
@media (prefers-color-scheme: dark) {
  dialog.auto {
    --gb-bg: #111827; --gb-fg: #f9fafb; --gb-muted: #d1d5db; --gb-border: #6b7280; --gb-field: #1f2937;
    --gb-accent: #93c5fd; --gb-accent-fg: #111827; --gb-danger: #fca5a5; --gb-ok: #86efac; --gb-focus: #fbbf24;
  }
}
dialog::backdrop { background: rgba(0,0,0,.55); }
*, *::before, *::after { box-sizing: border-box; }
form, .gb-body { padding: 16px 20px 20px; }
header { display: flex; align-items: center; justify-content: space-between; padding: 14px 20px; border-bottom: 1px solid var(--gb-border); }
h2 { margin: 0; font-size: 18px; }
h3 { margin: 0 0 6px; font-size: 15px; }
label, legend { display: block; font-weight: 600; margin: 12px 0 4px; }
fieldset { border: 0; padding: 0; margin: 0; min-width: 0; }
input[type=text], input[type=email], textarea, select {
  width: 100%; padding: 8px 10px; border: 1px solid var(--gb-border); border-radius: 6px; background: var(--gb-field);
  color: var(--gb-fg); font: inherit;
}
textarea { min-height: 90px; resize: vertical; }
.gb-row { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
.gb-choice { display: inline-flex; align-items: center; gap: 6px; font-weight: 400; margin: 4px 12px 4px 0; }
.gb-hint { color: var(--gb-muted); font-size: 13px; margin: 4px 0 0; }
.gb-error { color: var(--gb-danger); font-weight: 600; margin: 6px 0 0; }
.gb-ok { color: var(--gb-ok); font-weight: 600; }
button {
  font: inherit; font-weight: 600; padding: 8px 14px; border-radius: 6px; border: 1px solid var(--gb-border);
  background: var(--gb-field); color: var(--gb-fg); cursor: pointer;
}
button.gb-primary { background: var(--gb-accent); color: var(--gb-accent-fg); border-color: var(--gb-accent); }
button[aria-pressed=true] { background: var(--gb-accent); color: var(--gb-accent-fg); }
button:disabled { opacity: .6; cursor: default; }
:focus-visible { outline: 3px solid var(--gb-focus); outline-offset: 2px; }
.gb-actions { display: flex; gap: 10px; justify-content: flex-end; margin-top: 18px; }
.gb-thumb { max-width: 180px; max-height: 110px; border: 1px solid var(--gb-border); border-radius: 4px; display: block; }
.gb-att { display: flex; gap: 12px; align-items: flex-start; margin: 8px 0; }
details pre { max-height: 160px; overflow: auto; font: 12px/1.4 ui-monospace, monospace; background: var(--gb-field); border: 1px solid var(--gb-border); padding: 6px; white-space: pre-wrap; word-break: break-word; }
progress { width: 100%; height: 10px; }
.gb-editor { position: relative; display: inline-block; max-width: 100%; touch-action: none; }
.gb-editor img, .gb-editor canvas { display: block; max-width: 100%; height: auto; }
.gb-editor canvas { position: absolute; inset: 0; width: 100%; height: 100%; cursor: crosshair; }
.gb-toolbar { display: flex; gap: 6px; flex-wrap: wrap; margin-bottom: 10px; }
.gb-result { padding: 24px 20px; }
.gb-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

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
