// Playtime sessions: create with tags, heartbeat updates (docs/api/playtime.md), plus a
// team-only read of one session (an extension, so start, last-seen and duration can be checked).
import { z } from 'zod';
import { Timestamp } from './common.ts';
import { defineOperation } from './operation.ts';
import { paths } from './paths.ts';

export const PLAYTIME_LIMITS = { tagsText: 4_096, tags: 50, key: 100, value: 1_000 } as const;

/** A scalar tag value as JSON or a form sends it; stored as a string. */
const TagValue = z
  .union([z.string(), z.number(), z.boolean()], { error: 'must be a string, number or boolean' })
  .transform(String)
  .pipe(z.string().max(PLAYTIME_LIMITS.value));

/**
 * `playtime_session[tags]` is a string of key=value pairs (`platform=windows, build=42`); every
 * other `playtime_session[<key>]` is one more tag. Required at create, optional on a heartbeat.
 */
function sessionBody(tagsRequired: boolean) {
  const tags = z
    .string({
      error: (issue) =>
        issue.input === undefined ? 'is required (a string of key=value pairs)' : 'must be a string of key=value pairs',
    })
    .max(PLAYTIME_LIMITS.tagsText, `must be at most ${PLAYTIME_LIMITS.tagsText} characters`);
  return z.object({
    playtime_session: z
      .record(z.string().min(1).max(PLAYTIME_LIMITS.key), z.unknown(), {
        error: (issue) => (issue.input === undefined ? 'is required' : 'must be an object'),
      })
      .pipe(z.object({ tags: tagsRequired ? tags : tags.optional() }).catchall(TagValue)),
  });
}

export const PlaytimeSessionCreateBody = sessionBody(true);
export const PlaytimeSessionUpdateBody = z.object({
  playtime_session: sessionBody(false).shape.playtime_session.optional(),
});

export const PlaytimeSessionRef = z.object({ id: z.uuid() });

export const PlaytimeSession = z.object({
  id: z.uuid(),
  tags: z.record(z.string(), z.string()),
  started_at: Timestamp,
  last_seen_at: Timestamp,
  duration_seconds: z.number().int(),
  heartbeats: z.number().int(),
});
export type PlaytimeSession = z.infer<typeof PlaytimeSession>;

export const playtimeOperations = {
  createPlaytimeSession: defineOperation({
    id: 'createPlaytimeSession',
    ...paths.createPlaytimeSession,
    tag: 'Playtime',
    summary: 'Start a playtime session with key=value tags.',
    status: 201,
    body: PlaytimeSessionCreateBody,
    response: PlaytimeSessionRef,
  }),
  updatePlaytimeSession: defineOperation({
    id: 'updatePlaytimeSession',
    ...paths.updatePlaytimeSession,
    tag: 'Playtime',
    summary: 'Heartbeat, every five minutes; optional tags are merged.',
    body: PlaytimeSessionUpdateBody,
    response: PlaytimeSessionRef,
  }),
  showPlaytimeSession: defineOperation({
    id: 'showPlaytimeSession',
    ...paths.showPlaytimeSession,
    tag: 'Playtime',
    summary: 'Extension: one session with its tags, start, last-seen and duration (team only).',
    response: PlaytimeSession,
  }),
} as const;
