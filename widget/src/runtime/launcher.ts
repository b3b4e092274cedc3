// The optional launcher: one plain DOM button (no Preact in the loader), styled through the
// CSSOM so it works under a strict style-src.

export function createLauncher(label: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = `🐞 ${label}`;
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
