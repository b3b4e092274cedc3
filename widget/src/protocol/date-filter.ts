// The date filters of list queries (created_after, updated_before, from, to, ...): a calendar day or an RFC 3339
// time, checked field by field so that Date.parse's roll-over (2026-02-30 → March 2) and guesses ("1" → 2001) are
// refused, and a time without a zone read as UTC like every timestamp of the API (docs/api/issues.md#list-filters).
import { z } from 'zod';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?([Zz]|[+-]\d{2}:?\d{2})?$/;
const MESSAGE = 'must be a date (YYYY-MM-DD) or an RFC 3339 time';

function isDay(year: string, month: string, day: string): boolean {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
}

/**
 * A day stays `YYYY-MM-DD` (callers read it as the whole day); a time becomes its UTC ISO form. Null when the value
 * is neither, or names a day or an hour that does not exist.
 */
export function toFilterInstant(value: string): string | null {
  const day = DAY.exec(value);
  if (day) return isDay(day[1], day[2], day[3]) ? value : null;
  const time = TIME.exec(value);
  if (!time) return null;
  const [, year, month, date, hour, minute, second = '00', fraction = '', zone = 'Z'] = time;
  if (!isDay(year, month, date) || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  const offset = /^[+-](\d{2}):?(\d{2})$/.exec(zone);
  if (offset && (Number(offset[1]) > 23 || Number(offset[2]) > 59)) return null;
  const utcZone = offset ? `${zone.slice(0, 3)}:${offset[2]}` : 'Z';
  const millis = fraction.padEnd(3, '0').slice(0, 3);
  return new Date(`${year}-${month}-${date}T${hour}:${minute}:${second}.${millis}${utcZone}`).toISOString();
}

/** A date filter: `YYYY-MM-DD` (a whole day) or an RFC 3339 time, answered as above; blank counts as absent. */
export const DateFilter = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .transform((value, ctx) => {
      const instant = toFilterInstant(value);
      if (instant === null) {
        ctx.addIssue({ code: 'custom', message: MESSAGE });
        return z.NEVER;
      }
      return instant;
    })
    .optional(),
);
