// The project the client replays run against: the standard seed plus what the official clients
// read (tags with a parent, the Unity plugin's custom fields, a Roblox id field on bugs and
// suggestions) and a token that may report bugs but not create releases.
import type { FixtureDocument } from '../../widget/src/protocol/fixtures.ts';
import { ALL_FLAGS, PROJECT_ID, seedDocument, TOKENS } from '../helpers/seed.ts';

export const REPORTER_TOKEN = 'tkn-reporter';
export { PROJECT_ID, TOKENS };

export function clientsFixture(): FixtureDocument {
  return seedDocument({
    project: {
      tokens: [
        { token: TOKENS.all, ...ALL_FLAGS },
        { token: TOKENS.none },
        { token: REPORTER_TOKEN, can_create_bug_report: true, can_create_feature_request: true, daily_limit: 100 },
      ],
      custom_fields: [
        { ident: 'country', name: 'Country', field_type: 'text', tester_settable: true },
        { ident: 'latency', name: 'Latency', field_type: 'text', tester_settable: true },
        { ident: 'asn', name: 'ISP', field_type: 'text', tester_settable: false },
        { ident: 'platform', name: 'Platform', field_type: 'text' },
        { ident: 'roblox_id', name: 'Roblox id', field_type: 'text' },
        { ident: 'roblox_id', name: 'Roblox id', field_type: 'text', applies_to: 'feature_request' },
      ],
      tags: [
        { id: 11, name: 'Crash', color: '#d62828', description: 'The game stops' },
        { id: 12, name: 'Graphics', color: '#3a86ff' },
        {
          id: 13,
          name: 'Shaders',
          color: '#8338ec',
          description: 'Shader compilation and effects',
          parent: 'Graphics',
        },
      ],
      issues: [
        {
          key: 'map',
          id: 501,
          title: 'Crash when opening the map',
          description: 'The game crashes when I open the map screen after a jump.',
          tags: ['Crash'],
          custom: { roblox_id: '777' },
        },
        {
          key: 'mapAgain',
          id: 502,
          title: 'Map screen crash',
          description: 'Opening the map screen crashes the game right after a jump.',
          tags: ['Crash', 'Graphics'],
          custom: { roblox_id: '777' },
        },
        {
          key: 'water',
          id: 503,
          title: 'Water shader flickers',
          description: 'The water shader flickers on the second level near the dock.',
          tags: ['Shaders'],
          custom: { roblox_id: '42' },
        },
      ],
    },
  });
}
