// Every relative link and heading anchor in README.md and docs/, every docs/ path named in the code and every
// path a code comment names must resolve, and nothing cites a document kept outside the repository; the
// fixtures show the checkers failing on broken ones.
import { basename, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkComments, checkDocCitations, checkPathsInPages } from './check-comments.ts';
import { checkDocPathsInCode, checkMarkdown, filesUnder } from './check-links.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const FIXTURES = join(ROOT, 'test/docs/fixtures');
const CODE = ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.html', '.css'];
const CODE_DIRS = ['widget', 'reference-server', 'test', 'scripts', 'demo'];
/** The name of every file in the repository, for comments that name a file without its folder. */
const NAMES = new Set(
  ['README.md', 'package.json', 'package-lock.json', 'biome.json', 'tsconfig.json', 'vitest.config.ts'].concat(
    [...CODE_DIRS, 'docs'].flatMap((dir) =>
      filesUnder(join(ROOT, dir), [...CODE, '.md', '.json', '.sql']).map((f) => basename(f)),
    ),
  ),
);

describe('documentation links', () => {
  it('README.md and every page of docs/ have no broken relative link or anchor', () => {
    const pages = [join(ROOT, 'README.md'), ...filesUnder(join(ROOT, 'docs'), ['.md'])];
    expect(pages.length).toBeGreaterThan(15);
    expect(checkMarkdown(ROOT, pages)).toEqual([]);
  });

  it('every docs/ path named in the code exists, with its anchor', () => {
    const dirs = ['widget/src', 'reference-server/src', 'reference-server/inbox/src', 'test', 'scripts', 'demo'];
    // test/docs/ is skipped: the checker's own test and fixtures name broken paths on purpose.
    const files = dirs.flatMap((dir) => filesUnder(join(ROOT, dir), CODE, [join(ROOT, 'test/docs')]));
    expect(files.length).toBeGreaterThan(100);
    expect(checkDocPathsInCode(ROOT, files)).toEqual([]);
  });

  it('every path a code comment names exists, and no comment cites a document outside the repository', () => {
    // test/docs/ is skipped for the same reason as above; test/lint/fixtures hold deliberately bad code.
    const skip = [join(ROOT, 'test/docs'), join(ROOT, 'test/lint/fixtures')];
    const files = CODE_DIRS.flatMap((dir) => filesUnder(join(ROOT, dir), CODE, skip));
    expect(files.length).toBeGreaterThan(400);
    expect(checkComments(ROOT, files, NAMES)).toEqual([]);
  });

  it('every repository path the README names in its code spans exists (the code tour, where behaviours live)', () => {
    expect(checkPathsInPages(ROOT, [join(ROOT, 'README.md')])).toEqual([]);
  });

  it('no page of the docs cites notes or a reference document outside the repository', () => {
    const pages = [join(ROOT, 'README.md'), ...filesUnder(join(ROOT, 'docs'), ['.md'])];
    expect(checkDocCitations(ROOT, pages)).toEqual([]);
  });
});

describe('the link checker', () => {
  it('reports a missing page, a missing heading here and there, and a link out of the repository', () => {
    expect(checkMarkdown(ROOT, [join(FIXTURES, 'broken.md'), join(FIXTURES, 'good.md')])).toEqual([
      { file: 'test/docs/fixtures/broken.md', target: 'missing-page.md', reason: 'no such file' },
      {
        file: 'test/docs/fixtures/broken.md',
        target: '#no-such-heading',
        reason: 'no heading with anchor #no-such-heading',
      },
      {
        file: 'test/docs/fixtures/broken.md',
        target: 'good.md#not-there',
        reason: 'no heading with anchor #not-there',
      },
      {
        file: 'test/docs/fixtures/broken.md',
        target: '../../../../outside.md',
        reason: 'points outside the repository',
      },
    ]);
  });

  it('reports a docs/ path and a docs/ anchor in a code comment that do not exist', () => {
    expect(checkDocPathsInCode(ROOT, [join(FIXTURES, 'broken-comment.ts')])).toEqual([
      { file: 'test/docs/fixtures/broken-comment.ts', target: 'docs/no-such-page.md', reason: 'no such file' },
      {
        file: 'test/docs/fixtures/broken-comment.ts',
        target: 'docs/api-choices.md#no-such-choice',
        reason: 'no heading with anchor #no-such-choice',
      },
    ]);
  });

  it('reports citations of documents outside the repository, a path that is gone and an unknown file name', () => {
    const file = 'test/docs/fixtures/foreign-citation.ts';
    expect(checkComments(ROOT, [join(FIXTURES, 'foreign-citation.ts')], NAMES)).toEqual([
      { file: `${file}:1`, target: 'the reference', reason: 'cites the API reference, not in the repository' },
      { file: `${file}:1`, target: 'research note', reason: 'cites a research note, not in the repository' },
      { file: `${file}:1`, target: 'style.md', reason: 'cites a style note, not in the repository' },
      { file: `${file}:1`, target: 'widget/src/media/video.ts', reason: 'no such file or folder' },
      { file: `${file}:1`, target: 'style.md', reason: 'no file of that name' },
      { file: `${file}:1`, target: 'media-video-probe.ts', reason: 'no file of that name' },
      { file: `${file}:6`, target: 'The reference', reason: 'cites the API reference, not in the repository' },
    ]);
  });

  it('reports a path a page names in a code span that does not exist, but not one in a fenced block', () => {
    const file = 'test/docs/fixtures/names-paths.md';
    expect(checkPathsInPages(ROOT, [join(FIXTURES, 'names-paths.md')])).toEqual([
      { file, target: 'widget/src/core/no-such-file.ts', reason: 'no such file or folder' },
      { file, target: 'areas/no-such-area/', reason: 'no such file or folder' },
    ]);
  });

  it('reports a page of the docs that cites the API reference or a note, but not a quoted output block', () => {
    expect(checkDocCitations(ROOT, [join(FIXTURES, 'cites-outside.md'), join(FIXTURES, 'good.md')])).toEqual([
      {
        file: 'test/docs/fixtures/cites-outside.md',
        target: 'research note',
        reason: 'cites notes outside the repository',
      },
      { file: 'test/docs/fixtures/cites-outside.md', target: 'the API reference', reason: 'cites the API reference' },
    ]);
  });
});
