// The length caps of the free-text fields clients send (docs/security.md#caps-and-limits), in
// characters. One table, so the schemas, the server and the docs name the same numbers; a value
// over its cap is a 422 naming the field before anything parses, matches or stores it.

export const TEXT_LIMITS = {
  /** Issue title (an absent one is generated from the description, 80 characters). */
  issueTitle: 1_000,
  /** Issue description and unformatted steps to reproduce. */
  issueText: 65_536,
  /** Items of `steps_to_reproduce_array`, and the length of each. */
  stepItems: 100,
  stepText: 4_096,
  /** The device-info spec sheet (`issue[extras][device_info]`, or its `value`). */
  deviceInfo: 4_096,
  /** Inline log text: `issue[logs]` and `log_file[contents]` (a bigger log goes as a log file). */
  logText: 4 * 1024 * 1024,
  /** Short labels: release label, source, priority, Discord user name, publish_after, media names. */
  label: 255,
  /** A search query. */
  query: 1_000,
} as const;

/** The message of a value over its cap, e.g. `issue.description: at most 65536 characters`. */
export const tooLong = (max: number) => ({ error: `must be at most ${max} characters` });
