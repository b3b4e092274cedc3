// The one form boolean (docs/api-choices.md#form-booleans): the values it takes (true/false in any letter case) and
// the sentence it refuses with, the same for the issue flags (draft, include flags) and for every other form flag
// (releases, media, search).
import { describe, expect, it } from 'vitest';
import { FormBoolean } from '../../widget/src/protocol/common.ts';
import { IssueCreateBody } from '../../widget/src/protocol/issues.ts';
import { DownloadLinkCreate } from '../../widget/src/protocol/releases.ts';

const TAKEN: Array<[unknown, boolean]> = [
  [true, true],
  [false, false],
  ['1', true],
  ['0', false],
  ['true', true],
  ['false', false],
  ['True', true],
  ['False', false],
  ['TRUE', true],
  ['FALSE', false],
  ['tRuE', true],
  [1, true],
  [0, false],
];
const REFUSED = ['yes', 'on', 'truee', ' true', '', 2, -1, null];

describe('form booleans', () => {
  it('take 1, 0, and true or false in any letter case, as text, number or JSON boolean', () => {
    for (const [value, meaning] of TAKEN) expect(FormBoolean.parse(value)).toBe(meaning);
  });

  it('refuse anything else with one sentence', () => {
    for (const value of REFUSED) {
      const result = FormBoolean.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toBe('must be 1, 0, true or false');
    }
  });

  it('hold for an issue flag and a release flag alike', () => {
    const issue = (draft: unknown) => IssueCreateBody.safeParse({ issue: { title: 't' }, draft });
    const link = (link_enabled: unknown) =>
      DownloadLinkCreate.safeParse({ platform: 'Web', url: 'https://example.test', link_enabled });
    for (const [value, meaning] of TAKEN) {
      expect(issue(value)).toMatchObject({ success: true, data: { draft: meaning } });
      expect(link(value)).toMatchObject({ success: true, data: { link_enabled: meaning } });
    }
    for (const value of ['yes', 'on', 2]) {
      expect(issue(value).error?.issues[0]).toMatchObject({ path: ['draft'], message: 'must be 1, 0, true or false' });
      expect(link(value).error?.issues[0]).toMatchObject({
        path: ['link_enabled'],
        message: 'must be 1, 0, true or false',
      });
    }
  });
});
