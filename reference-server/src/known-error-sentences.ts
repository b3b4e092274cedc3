// The error sentences known to be live on the real service, in one table with where each is known
// from. Clients match some of them word for word (the `error` text is otherwise not a contract), so
// the server answers these exactly, with nothing added.
export const KNOWN_ERROR_SENTENCES = {
  /** 403 on a private project to an authenticated non-member. Source: docs/server.md#global-rules. */
  forbidden: 'Forbidden',
  /** 403 for a project token lacking can_create_bug_report. Source: docs/api/issues.md#create-the-order-of-checks. */
  notAllowedToReportBug: 'Not allowed to report a bug.',
  /** 403 for a project token of another project. Source: docs/api/issues.md#create-the-order-of-checks. */
  tokenOfAnotherProject: 'Auth token does not belong to this project.',
  /**
   * 403 when `release_label` names an unknown release and the caller may not create releases. Source: a
   * third-party RimWorld mod client, whose tests check this exact text against the live service; it retries
   * the report once without `release_label` when it sees it.
   */
  cannotCreateRelease: 'Auth token does not have permission to create releases',
  /** 422 at the rolling 24-hour tester cap. Source: docs/api/issues.md#create-the-order-of-checks. */
  testerCapDay: 'You have reached your 24 hours limit for bug submissions.',
  /** 422 at the rolling 7-day tester cap. Source: docs/api/issues.md#create-the-order-of-checks. */
  testerCapWeek: 'You have reached your 7 days limit for bug submissions.',
} as const;
