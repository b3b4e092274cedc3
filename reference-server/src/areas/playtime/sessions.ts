// Playtime sessions (docs/api/playtime.md): created with key=value tags, kept alive by
// heartbeats every five minutes. The duration counts the time between heartbeats, but a gap
// longer than HEARTBEAT_GAP_CAP_SECONDS (the game was suspended or offline) counts only that cap.
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  PLAYTIME_LIMITS,
  type PlaytimeSession,
  type PlaytimeSessionCreateBody,
  type PlaytimeSessionUpdateBody,
} from '../../../../widget/src/protocol/playtime.ts';
import type { Deps } from '../../deps.ts';
import { forbidden, notFound, unprocessable } from '../../errors.ts';
import { findPlaytimeSession, insertPlaytimeSession, recordHeartbeat, type PlaytimeSessionRow } from './repository.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import { isTeam } from '../projects-auth/access.ts';
import type { Caller } from '../projects-auth/caller.ts';

/** Two missed heartbeats of the five-minute guidance. */
export const HEARTBEAT_GAP_CAP_SECONDS = 10 * 60;

type SessionFields =
  | z.infer<typeof PlaytimeSessionCreateBody>['playtime_session']
  | NonNullable<z.infer<typeof PlaytimeSessionUpdateBody>['playtime_session']>;

/** `platform=windows, build=42` (also `;`, `&` or newlines between pairs) → {platform, build}. */
export function parseTagString(text: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const pair of text
    .split(/[,;&\n]/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([^=]+)=(.*)$/s.exec(pair);
    if (!match?.[1].trim())
      throw unprocessable(`playtime_session.tags: ${JSON.stringify(pair)} is not a key=value pair.`);
    const key = match[1].trim();
    const value = match[2].trim();
    if (key.length > PLAYTIME_LIMITS.key)
      throw unprocessable(
        `playtime_session.tags: the key ${key.slice(0, 20)}… is longer than ${PLAYTIME_LIMITS.key} characters.`,
      );
    if (value.length > PLAYTIME_LIMITS.value)
      throw unprocessable(
        `playtime_session.tags: the value of ${key} is longer than ${PLAYTIME_LIMITS.value} characters.`,
      );
    tags[key] = value;
  }
  return tags;
}

/** The string's pairs, then every other `playtime_session[<key>]` as one more tag. */
function tagsOf(fields: SessionFields): Record<string, string> {
  const { tags, ...extra } = fields;
  const merged = { ...(tags === undefined ? {} : parseTagString(tags)), ...(extra as Record<string, string>) };
  if (Object.keys(merged).length > PLAYTIME_LIMITS.tags)
    throw unprocessable(`playtime_session.tags: a session carries at most ${PLAYTIME_LIMITS.tags} tags.`);
  return merged;
}

export function createPlaytimeSession(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  body: z.infer<typeof PlaytimeSessionCreateBody>,
): { id: string } {
  const tags = tagsOf(body.playtime_session);
  const row = insertPlaytimeSession(deps.db, {
    id: randomUUID(),
    project_id: project.id,
    user_id: caller.user?.id ?? null,
    token_id: caller.token?.id ?? null,
    tags: JSON.stringify(tags),
    started_at: deps.clock.now().toISOString(),
  });
  return { id: row.id };
}

function findSession(deps: Deps, project: ProjectRow, id: string): PlaytimeSessionRow {
  const session = /^[0-9a-f-]{36}$/i.test(id) ? findPlaytimeSession(deps.db, project.id, id.toLowerCase()) : undefined;
  if (!session) throw notFound('Playtime session not found.');
  return session;
}

/** A heartbeat: last-seen and duration move on; tags sent with it are merged into the session's. */
export function heartbeatPlaytimeSession(
  deps: Deps,
  project: ProjectRow,
  id: string,
  body: z.infer<typeof PlaytimeSessionUpdateBody>,
): { id: string } {
  const session = findSession(deps, project, id);
  const now = deps.clock.now();
  const gap = Math.max(0, Math.floor((now.getTime() - Date.parse(session.last_seen_at)) / 1000));
  const tags = body.playtime_session
    ? { ...(JSON.parse(session.tags) as Record<string, string>), ...tagsOf(body.playtime_session) }
    : JSON.parse(session.tags);
  if (Object.keys(tags).length > PLAYTIME_LIMITS.tags)
    throw unprocessable(`playtime_session.tags: a session carries at most ${PLAYTIME_LIMITS.tags} tags.`);
  recordHeartbeat(
    deps.db,
    session.id,
    now.toISOString(),
    Math.min(gap, HEARTBEAT_GAP_CAP_SECONDS),
    JSON.stringify(tags),
  );
  return { id: session.id };
}

/** Extension for the team: the session with its tags, start, last-seen and duration. */
export function showPlaytimeSession(deps: Deps, caller: Caller, project: ProjectRow, id: string): PlaytimeSession {
  if (!isTeam(deps, caller, project)) throw forbidden('Only the project team may read playtime sessions.');
  const session = findSession(deps, project, id);
  return {
    id: session.id,
    tags: JSON.parse(session.tags),
    started_at: session.started_at,
    last_seen_at: session.last_seen_at,
    duration_seconds: session.duration_seconds,
    heartbeats: session.heartbeats,
  };
}
