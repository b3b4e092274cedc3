// Every relative link and heading anchor in README.md and docs/, and every docs/ path named in the code,
// must resolve; the fixtures show the checker failing on broken ones.
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDocPathsInCode, checkMarkdown, filesUnder } from './check-links.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const FIXTURES = join(ROOT, 'test/docs/fixtures');
const CODE = ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.html', '.css'];

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

  it('no page of the docs points at notes outside the repository', () => {
    const pages = [join(ROOT, 'README.md'), ...filesUnder(join(ROOT, 'docs'), ['.md'])];
    const offenders = pages.flatMap((page) => {
      const text = readFileSync(page, 'utf8');
      const body = page.endsWith('api-choices.md') ? text.slice(0, text.indexOf('## History note')) : text;
      return /decisions\s§|shared\/spec/.test(body) ? [relative(ROOT, page)] : [];
    });
    expect(offenders).toEqual([]);
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
});
