// Playtime sessions: create with tags, heartbeat updates (reference "Playtime sessions").
import { defineOperation } from './operation.ts';

const base = '/projects/{project_id}/playtime_sessions';

export const playtimeOperations = {
  createPlaytimeSession: defineOperation({ id: 'createPlaytimeSession', methods: ['POST'], path: base, tag: 'Playtime', summary: 'Start a playtime session with key=value tags.', status: 201 }),
  updatePlaytimeSession: defineOperation({ id: 'updatePlaytimeSession', methods: ['PUT', 'PATCH'], path: `${base}/{playtime_session_id}`, tag: 'Playtime', summary: 'Heartbeat, every five minutes.' }),
} as const;
