// The optional launcher: one plain DOM button (no Preact in the loader), styled through the
// CSSOM so it works under a strict style-src, with an inline SVG bug (no emoji font needed).

// A bug in a 16 px box, in the text colour: the body and head filled, legs and feelers stroked (lines have no area).
// No aria-hidden: the button's aria-label names it.
const ICON =
  '<svg viewBox="0 0 16 16" width="16" height="16" fill="currentColor" stroke="currentColor"><path d="M8 6a3.5 4 0 0 0' +
  '-3.5 4v1a3.5 3.5 0 0 0 7 0v-1A3.5 4 0 0 0 8 6M6 5a2 2 0 0 1 4 0zM1 9h3m8 0h3M2 13l2-1m10 1-2-1M3 5l2 2m8-2-2 2M7 3' +
  ' 6 1m3 2 1-2"/></svg>';

export function createLauncher(label: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  // Static markup of ours, no data in it.
  b.innerHTML = ICON;
  b.append(label);
  Object.assign((b.firstChild as SVGElement).style, { verticalAlign: '-3px', marginRight: '6px' });
  b.setAttribute('aria-label', label);
  b.setAttribute('data-glitchbox-launcher', '');
  Object.assign(b.style, {
    position: 'fixed',
    right: '16px',
    bottom: '16px',
    zIndex: '2147483646',
    padding: '8px 14px',
    border: '0',
    borderRadius: '20px',
    background: '#1f2937',
    color: '#fff',
    font: '600 14px system-ui, sans-serif',
    cursor: 'pointer',
    boxShadow: '0 2px 8px rgba(0,0,0,.35)',
  });
  b.addEventListener('click', onClick);
  document.body.appendChild(b);
  return b;
}
