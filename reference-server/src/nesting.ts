// How deeply a request body, query or fixture may nest. Real payloads stay within a handful of
// levels; anything past the limit is a client mistake (400), found without recursion so that a
// body thousands of levels deep cannot overflow the stack of any later walk over it.
import { badRequest } from './errors.ts';

export const MAX_NESTING = 64;

/** Whether objects and arrays in `value` nest more than `max` levels (iterative, stops early). */
export function nestsDeeperThan(value: unknown, max = MAX_NESTING): boolean {
  const stack: Array<{ node: unknown; depth: number }> = [{ node: value, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (node === null || typeof node !== 'object' || node instanceof Blob) continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push({ node: child, depth: depth + 1 });
  }
  return false;
}

export function nestingError(what: string, max = MAX_NESTING) {
  return badRequest(`The ${what} is nested deeper than ${max} levels.`);
}

/** 400 when `value` nests deeper than the limit. */
export function assertNesting(value: unknown, what: string, max = MAX_NESTING): void {
  if (nestsDeeperThan(value, max)) throw nestingError(what, max);
}
