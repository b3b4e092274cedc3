// Turns console arguments and thrown values into bounded text without ever throwing
// (cycles, getters that throw, huge strings, DOM nodes).

const MAX_ARG = 2000;

export function formatValue(value: unknown, depth = 0): string {
  try {
    if (typeof value === 'string') return value.length > MAX_ARG ? `${value.slice(0, MAX_ARG)}…` : value;
    if (value instanceof Error)
      return `${value.name}: ${value.message}${
        value.stack ? `\n${value.stack.split('\n').slice(1, 12).join('\n')}` : ''
      }`;
    if (typeof value === 'bigint') return `${value}n`;
    if (value === null || typeof value !== 'object') return String(value);
    if (typeof Node !== 'undefined' && value instanceof Node) return `<${value.nodeName.toLowerCase()}>`;
    const seen = new WeakSet<object>();
    const json = JSON.stringify(value, (_k, v) => {
      if (typeof v === 'bigint') return `${v}n`;
      if (typeof v === 'function') return `[function ${v.name || 'anonymous'}]`;
      if (v && typeof v === 'object') {
        if (seen.has(v)) return '[circular]';
        seen.add(v);
      }
      return v;
    });
    const text = json === undefined ? String(value) : json;
    return text.length > MAX_ARG ? `${text.slice(0, MAX_ARG)}…` : text;
  } catch {
    return depth ? '[unprintable]' : formatValue(Object.prototype.toString.call(value), 1);
  }
}

export function formatArgs(args: unknown[]): string {
  return args.map((a) => formatValue(a)).join(' ');
}
