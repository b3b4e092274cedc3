// The optional launcher: one plain DOM button (no Preact in the loader), styled through the
// CSSOM so it works under a strict style-src, with an inline SVG bug (no emoji font needed).

const SVG = 'http://www.w3.org/2000/svg';
// A bug in a 16 px box: body and head filled, six legs and two feelers stroked, all in the text colour.
const BODY =
  'M8 5.5c2.4 0 4 1.9 4 4.3v1.2c0 2.4-1.8 4-4 4s-4-1.6-4-4V9.8c0-2.4 1.6-4.3 4-4.3zM5.8 5a2.2 2 0 0 1 4.4 0z';
const LEGS = 'M1 8.5h3M12 8.5h3M1.5 13l2.7-1.3M14.5 13l-2.7-1.3M2.5 4.5l2.2 2M13.5 4.5l-2.2 2M6.5 3 5 1M9.5 3 11 1';

function bugIcon(): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  const attrs = (el: Element, a: Record<string, string>) => {
    for (const [k, v] of Object.entries(a)) el.setAttribute(k, v);
    return el;
  };
  attrs(svg, { viewBox: '0 0 16 16', width: '16', height: '16', 'aria-hidden': 'true' });
  svg.append(
    attrs(document.createElementNS(SVG, 'path'), { d: BODY, fill: 'currentColor' }),
    attrs(document.createElementNS(SVG, 'path'), { d: LEGS, stroke: 'currentColor', 'stroke-linecap': 'round' }),
  );
  Object.assign(svg.style, { verticalAlign: '-3px', marginRight: '6px' });
  return svg;
}

export function createLauncher(label: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.append(bugIcon(), label);
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
