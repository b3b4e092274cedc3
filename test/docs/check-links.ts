// The documentation link checker: relative links and heading anchors in Markdown (anchors slugged as
// GitHub does), and `docs/...` paths named in source files. Used by links.test.ts on the repo and on fixtures.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';

export interface Problem {
  file: string;
  target: string;
  reason: string;
}

const md = new MarkdownIt({ html: true });
const anchorCache = new Map<string, Set<string>>();

/** The anchors GitHub gives a Markdown file's headings (repeated titles get -1, -2, …). */
export function anchorsOf(file: string): Set<string> {
  let anchors = anchorCache.get(file);
  if (anchors) return anchors;
  const slugger = new GithubSlugger();
  const tokens = md.parse(readFileSync(file, 'utf8'), {});
  anchors = new Set();
  tokens.forEach((token, i) => {
    if (token.type !== 'heading_open') return;
    const text = (tokens[i + 1].children ?? [])
      .filter((c) => c.type === 'text' || c.type === 'code_inline')
      .map((c) => c.content)
      .join('');
    anchors!.add(slugger.slug(text));
  });
  anchorCache.set(file, anchors);
  return anchors;
}

/** Every link and image target of a Markdown file, in document order. */
function targetsOf(file: string): string[] {
  const out: string[] = [];
  const visit = (tokens: ReturnType<typeof md.parse>) => {
    for (const token of tokens) {
      if (token.type === 'link_open') out.push(token.attrGet('href') ?? '');
      if (token.type === 'image') out.push(token.attrGet('src') ?? '');
      if (token.children) visit(token.children);
    }
  };
  visit(md.parse(readFileSync(file, 'utf8'), {}));
  return out;
}

/** Checks one target (`path`, `path#anchor` or `#anchor`) relative to `from`, inside `root`. */
function checkTarget(root: string, from: string, target: string): string | null {
  const [rawPath, anchor] = target.split('#', 2);
  const path = rawPath ? resolve(dirname(from), decodeURIComponent(rawPath)) : from;
  if (relative(root, path).split(sep)[0] === '..') return 'points outside the repository';
  if (!existsSync(path)) return 'no such file';
  if (anchor === undefined) return null;
  if (!path.endsWith('.md') || statSync(path).isDirectory()) return 'anchor on a file that is not Markdown';
  return anchorsOf(path).has(anchor) ? null : `no heading with anchor #${anchor}`;
}

/** Broken relative links and anchors in the given Markdown files (web and mail links are not followed). */
export function checkMarkdown(root: string, files: string[]): Problem[] {
  const problems: Problem[] = [];
  for (const file of files) {
    for (const target of targetsOf(file)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, …
      const reason = target === '' ? 'empty link' : checkTarget(root, file, target);
      if (reason) problems.push({ file: relative(root, file), target, reason });
    }
  }
  return problems;
}

/** A `docs/...` path (optionally with `#anchor`) named anywhere in a source file. */
const DOC_PATH = /(?<![\w./-])docs\/[\w./-]*\w(?:#[\w-]+)?/g;

/** Broken `docs/...` paths and anchors named in source files (comments, strings, test names). */
export function checkDocPathsInCode(root: string, files: string[]): Problem[] {
  const problems: Problem[] = [];
  for (const file of files) {
    for (const [target] of readFileSync(file, 'utf8').matchAll(DOC_PATH)) {
      const reason = checkTarget(root, join(root, 'README.md'), target);
      if (reason) problems.push({ file: relative(root, file), target, reason });
    }
  }
  return problems;
}

/** Files under `dir` (recursively) whose extension is one of `extensions`, skipping node_modules and dist. */
export function filesUnder(dir: string, extensions: string[], skip: string[] = []): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.name === 'node_modules' || entry.name === 'dist' || skip.includes(path)) continue;
    if (entry.isDirectory()) out.push(...filesUnder(path, extensions, skip));
    else if (extensions.includes(extname(entry.name))) out.push(path);
  }
  return out.sort();
}
