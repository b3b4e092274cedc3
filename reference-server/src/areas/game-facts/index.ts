// The game-facts area owns a project's game facts: who may read and write them, merging a
// partial update, and a fixture project's `game_facts`.
import type { Area } from '../area.ts';
import { loadGameFactsFixture } from './facts.ts';
import { gameFactRoutes } from './routes.ts';

export const gameFactsArea: Area = {
  routes: gameFactRoutes,
  loadFixture: (deps, f) => loadGameFactsFixture(deps, f.project, f.fixture, f.path),
};
