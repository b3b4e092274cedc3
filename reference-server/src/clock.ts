// The server's clock. Every timestamp, expiry, counter day and job run time reads it, so that
// tests and /__admin/clock can move time without sleeping.
export interface Clock {
  now(): Date;
}

export interface ControllableClock extends Clock {
  advance(ms: number): void;
  set(at: Date): void;
  /** How far the clock stands from real time, in milliseconds. */
  offset(): number;
}

/** Real time plus an offset that /__admin/clock moves. */
export function createControllableClock(start?: Date): ControllableClock {
  let offset = start ? start.getTime() - Date.now() : 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      offset += ms;
    },
    set(at) {
      offset = at.getTime() - Date.now();
    },
    offset: () => offset,
  };
}

/** `30m`, `1h`, `2d`, `25h`, `90s`, `500ms` → milliseconds; null when not a duration. */
export function parseDuration(text: string): number | null {
  const match = /^(\d+)(ms|s|m|h|d)$/.exec(text.trim());
  if (!match) return null;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as 'ms' | 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unit;
}

/** The UTC day a counter belongs to. */
export function toUtcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
