// What the /__admin routes change besides fixtures: emptying the server (the database, then
// each area's state outside it) and moving the server clock, which survives a restart.
import type { z } from 'zod';
import type { ClockRequest } from '../../../../widget/src/protocol/fixtures.ts';
import { parseDuration } from '../../clock.ts';
import { resetDatabase } from '../../db/database.ts';
import { putClockOffset } from '../../db/settings.ts';
import type { Deps } from '../../deps.ts';
import { unprocessable } from '../../errors.ts';

/** The largest time a JavaScript Date holds (ECMA-262 §21.4.1.1). */
const MAX_CLOCK_MS = 8.64e15;

export async function resetServer(deps: Deps): Promise<void> {
  resetDatabase(deps.db);
  deps.answers.clear();
  // Areas that keep state outside the database (search indexes, stored files) forget it.
  for (const area of deps.areas) await area.reset?.(deps);
  // The job thread keeps its own indexes of the same database.
  await deps.jobs.forget();
}

/** Sets or advances the server clock and stores its offset; answers the new time. */
export function moveClock(deps: Deps, request: z.infer<typeof ClockRequest>): Date {
  const target =
    'advance' in request ? deps.clock.now().getTime() + parseDuration(request.advance)! : Date.parse(request.set);
  // A clock past what a Date can hold would make every later timestamp throw (a 500 forever).
  if (!Number.isFinite(target) || Math.abs(target) > MAX_CLOCK_MS) {
    throw unprocessable('The clock cannot be moved past the year 275760.');
  }
  deps.clock.set(new Date(target));
  putClockOffset(deps.db, deps.clock.offset());
  return deps.clock.now();
}
