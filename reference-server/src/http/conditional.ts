// Conditional GETs: whether an If-None-Match header names the answer's entity tag, for every answer that has one
// (uploaded files, list answers).

/** RFC 9110 §13.1.2: `*`, or a list of entity tags compared weakly (a W/ prefix is ignored). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
