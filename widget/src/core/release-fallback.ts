// A bug report whose release label the server will not create (a project token without can_create_release):
// the label moves into the device block and the issue is created once more without it, so a version bump made
// before its release exists on the server loses no report (docs/reporter-core.md#unknown-release-labels).
import type { Outcome } from './classify.ts';
import type { ReportFields } from './types.ts';

/** The service's exact answer to an unknown label from a token that may not create releases. */
const CANNOT_CREATE_RELEASE = 'Auth token does not have permission to create releases';

/** Refused only because of the label: the exact sentence, or a 403/422 whose error names the release. */
export function isReleaseRefusal(outcome: Outcome, fields: ReportFields): boolean {
  if (outcome.kind !== 'rejected' || !fields.releaseLabel) return false;
  if (outcome.error === CANNOT_CREATE_RELEASE) return true;
  return (outcome.status === 403 || outcome.status === 422) && /\brelease/i.test(outcome.error);
}

/** The same fields without `releaseLabel`, which becomes the device block's `Release:` line. */
export function withoutReleaseLabel(fields: ReportFields): ReportFields {
  const { releaseLabel, ...rest } = fields;
  const line = `Release: ${releaseLabel}`;
  return { ...rest, deviceInfo: rest.deviceInfo ? `${rest.deviceInfo}\n${line}` : line };
}

/** For the developer, never the player: the report went out, here is what the server said about the label. */
export function releaseRefusalNote(label: string, error: string): string {
  return (
    `Glitchbox: the server refused release label "${label}" (${error}); the report was sent without it and ` +
    'the label is in its device block. Create the release on the server, or give the token can_create_release.'
  );
}
