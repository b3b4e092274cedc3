// Game facts: descriptive data about a game (reference "Game facts").
import { defineOperation } from './operation.ts';

const path = '/projects/{project_id}/game_facts';

export const gameFactOperations = {
  showGameFacts: defineOperation({ id: 'showGameFacts', methods: ['GET'], path, tag: 'Game facts', summary: 'The game facts; 404 before any exist.' }),
  updateGameFacts: defineOperation({ id: 'updateGameFacts', methods: ['PUT', 'PATCH'], path, tag: 'Game facts', summary: 'Merge partial sections; created on first update.' }),
} as const;
