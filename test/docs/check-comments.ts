// The comment checker: every repo-relative path a code comment (or a code span of a page) names must exist, and no
// comment (nor a page of the docs) may cite a document that is not in the repository: the API is cited via docs/.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import type { Problem } from './check-links.ts';

/** One comment (or a run of line comments on consecutive lines) with the line it starts on. */
export interface Comment {
  line: number;
  text: string;
}

/** The comments of a source file: TypeScript's parser for scripts, block and HTML comments for CSS and HTML. */
export function commentsOf(file: string): Comment[] {
  const source = readFileSync(file, 'utf8');
  const lineOf = (pos: number) => source.slice(0, pos).split('\n').length;
  const ext = extname(file);
  const raw: { pos: number; end: number; text: string }[] = [];
  if (ext === '.css' || ext === '.html') {
    for (const m of source.matchAll(/\/\*[\s\S]*?\*\/|<!--[\s\S]*?-->/g)) {
      raw.push({ pos: m.index, end: m.index + m[0].length, text: m[0] });
    }
  } else {
    // Parsed, not only scanned: a bare scanner loses its place after `${…}` in a template or a regex literal.
    const kind = ext === '.tsx' || ext === '.jsx' ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, kind);
    const seen = new Set<number>();
    const take = (ranges: ts.CommentRange[] | undefined) => {
      for (const { pos, end } of ranges ?? []) {
        if (!seen.has(pos)) raw.push({ pos, end, text: source.slice(pos, end) });
        seen.add(pos);
      }
    };
    const visit = (node: ts.Node) => {
      take(ts.getLeadingCommentRanges(source, node.getFullStart()));
      take(ts.getTrailingCommentRanges(source, node.getEnd()));
      ts.forEachChild(node, visit);
    };
    visit(tree);
    take(ts.getLeadingCommentRanges(source, tree.endOfFileToken.getFullStart()));
    raw.sort((a, b) => a.pos - b.pos);
  }
  // Line comments on consecutive lines are one comment, so a citation wrapped over two lines is still found.
  const out: (Comment & { lastLine: number })[] = [];
  for (const { pos, end, text } of raw) {
    const line = lineOf(pos);
    const clean = text.replace(/^\/\/+|^\/\*+|\*+\/$|^<!--|-->$/g, '').replace(/\n\s*\*(?!\/)/g, '\n');
    const last = out.at(-1);
    if (last && text.startsWith('//') && last.lastLine === line - 1) {
      last.text += `\n${clean}`;
      last.lastLine = line;
    } else out.push({ line, text: clean, lastLine: lineOf(end) });
  }
  return out.map(({ line, text }) => ({ line, text }));
}

/** Citations of documents kept outside the repository; `the reference server` is our server's name. */
const FOREIGN_CITATIONS: { pattern: RegExp; what: string }[] = [
  {
    pattern: /(?<![-/#])\b(?:[Tt]he\s+(?:API\s+)?)?[Rr]eference\b(?!-server|[\s-]+server\b|\s+to\b)/,
    what: 'the API reference',
  },
  { pattern: /\bresearch\s+note\b/i, what: 'a research note' },
  { pattern: /\bdecisions\s*§|\bdecisions\.md\b/i, what: 'a decisions note' },
  { pattern: /\bstyle\.md\b/i, what: 'a style note' },
  { pattern: /shared\/spec|game-feedback-api\.md|real-clients\.md/i, what: 'a spec outside the repository' },
];

/**
 * A path-like word with an extension, or two folders and a trailing slash, not part of a URL, a scope or an
 * absolute path:
 * `reference-server/src/app.ts`, `areas/media/`, `docs/api/issues.md#limits`.
 */
const PATH = new RegExp(
  [
    String.raw`(?<![\w./:@~$-])(?:\.{1,2}\/)?`,
    String.raw`(?:(?:[\w-]+\/)+[\w.-]*\w\.(?:tsx?|mjs|cjs|jsx?|json|md|css|html|sql)\b|(?:[\w-]+\/){2,}(?![\w{]))`,
  ].join(''),
  'g',
);

/** A bare file name (`video-probe.ts`), which must be the name of some file in the repository. */
const BARE_NAME = /(?<![\w./:@~$-])[\w-]*[a-z][\w.-]*\.(?:tsx?|mjs|cjs|md|sql)\b(?![\w/-])/gi;

/** Directories under which a comment may name a path relative to a package's source root. */
const ROOTS = ['', 'widget/src', 'widget', 'reference-server/src', 'reference-server/src/areas', 'reference-server'];

/** Where a named path may live: the repository, a package root, or any folder above the commenting file. */
function basesFor(root: string, file: string): string[] {
  const bases = ROOTS.map((dir) => join(root, dir));
  for (let dir = dirname(file); relative(root, dir).split(sep)[0] !== '..'; dir = dirname(dir)) {
    bases.push(dir);
    if (dir === root) break;
  }
  return bases;
}

/** Whether `name` exists under one of `bases` (a `.js` import specifier may name a `.ts` or `.tsx` source). */
function resolves(bases: string[], name: string): boolean {
  const candidates = /\.js$/.test(name) ? [name, name.replace(/\.js$/, '.ts'), name.replace(/\.js$/, '.tsx')] : [name];
  return bases.some((base) => candidates.some((c) => existsSync(resolve(base, c))));
}

/** Paths that only exist after a build or an install (folders, declaration files), which a clean checkout lacks. */
const GENERATED = /(?:^|\/)(?:dist|esm|node_modules|coverage|test-results|\.vite)\/|\.d\.ts$/;

/**
 * Repo-relative paths named in comments that do not exist, bare file names that are not in `names` (the names
 * of the repository's files), and citations of documents outside the repository.
 */
export function checkComments(root: string, files: string[], names: Set<string>): Problem[] {
  const problems: Problem[] = [];
  for (const file of files) {
    const bases = basesFor(root, file);
    const where = (c: Comment) => `${relative(root, file)}:${c.line}`;
    for (const comment of commentsOf(file)) {
      for (const { pattern, what } of FOREIGN_CITATIONS) {
        const m = comment.text.match(pattern);
        if (m) problems.push({ file: where(comment), target: m[0], reason: `cites ${what}, not in the repository` });
      }
      for (const [name] of comment.text.matchAll(PATH)) {
        const path = name.split('#')[0];
        if (GENERATED.test(path) || resolves(bases, path)) continue;
        problems.push({ file: where(comment), target: path, reason: 'no such file or folder' });
      }
      for (const [name] of comment.text.matchAll(BARE_NAME)) {
        if (!names.has(name) && !GENERATED.test(name))
          problems.push({ file: where(comment), target: name, reason: 'no file of that name' });
      }
    }
  }
  return problems;
}

/** Citations a page of the docs must not make; `the reference server` is our server's name. */
const FOREIGN_IN_DOCS: { pattern: RegExp; what: string }[] = [
  { pattern: /decisions\s*§|shared\/spec|research note|style\.md/i, what: 'notes outside the repository' },
  {
    pattern: /\b[Tt]he\s+(?:API\s+)?reference\b(?![\s-]+server\b)|\breference(?:'s\s|\s+rule\b|\s+")|\bAPI reference\b/,
    what: 'the API reference',
  },
];

/** Citations of documents outside the repository in Markdown pages, outside fenced blocks (quoted output). */
export function checkDocCitations(root: string, pages: string[]): Problem[] {
  return pages.flatMap((page) => {
    const text = readFileSync(page, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
    return FOREIGN_IN_DOCS.flatMap(({ pattern, what }) => {
      const m = text.match(pattern);
      return m ? [{ file: relative(root, page), target: m[0], reason: `cites ${what}` }] : [];
    });
  });
}

/**
 * Repository paths named in the code spans of Markdown pages (`widget/src/core/classify.ts`, `areas/media/`) that do
 * not exist, resolved like a comment's from the repository, a package root or the page's folder; fenced blocks
 * (commands and their output) are left out.
 */
export function checkPathsInPages(root: string, pages: string[]): Problem[] {
  return pages.flatMap((page) => {
    const bases = basesFor(root, page);
    const text = readFileSync(page, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
    const names = [...text.matchAll(/`([^`\n]+)`/g)].flatMap(([, span]) => [...span.matchAll(PATH)].map((m) => m[0]));
    return names
      .map((name) => name.split('#')[0])
      .filter((path) => !GENERATED.test(path) && !resolves(bases, path))
      .map((path) => ({ file: relative(root, page), target: path, reason: 'no such file or folder' }));
  });
}
