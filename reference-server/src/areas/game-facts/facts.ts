// Game facts (docs/api/game-facts.md): read by anyone who can see the project (404 before any
// exist), written by developer-level callers or members holding project.settings.edit; a
// partial update is merged (mergeGameFacts) and the first one creates the facts. A project's
// fixture `game_facts` is loaded through the same schema.
import {
  emptyGameFacts,
  GameFactsInput,
  mergeGameFacts,
  type GameFacts,
  type GameFactsContent,
} from '../../../../widget/src/protocol/game-facts.ts';
import type { Deps } from '../../deps.ts';
import { forbidden, notFound, unprocessable, describeZodError } from '../../errors.ts';
import { findGameFacts, saveGameFacts, type GameFactsRow } from './repository.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import { hasScope, isDeveloperLevel } from '../projects-auth/access.ts';
import type { Caller } from '../projects-auth/caller.ts';
import type { FixtureProject } from '../../../../widget/src/protocol/fixtures.ts';

export const GAME_FACTS_WRITE_SCOPE = 'project.settings.edit';

function toGameFacts(project: ProjectRow, row: GameFactsRow): GameFacts {
  return {
    ...(JSON.parse(row.data) as GameFactsContent),
    project: { id: project.public_id, name: project.name },
    meta: { created_at: row.created_at, updated_at: row.updated_at },
  };
}

/** The stored content, or null before any facts exist (the knowledge base reads this too). */
export function readGameFacts(deps: Pick<Deps, 'db'>, projectId: number): GameFactsContent | null {
  const row = findGameFacts(deps.db, projectId);
  return row ? { ...emptyGameFacts(), ...(JSON.parse(row.data) as GameFactsContent) } : null;
}

export function showGameFacts(deps: Deps, project: ProjectRow): GameFacts {
  const row = findGameFacts(deps.db, project.id);
  if (!row) throw notFound('This project has no game facts yet.');
  return toGameFacts(project, row);
}

/** Checked before the body is validated, so a refused caller learns nothing from 422s. */
export function assertCanWriteGameFacts(deps: Pick<Deps, 'db'>, caller: Caller, project: ProjectRow): void {
  if (isDeveloperLevel(deps, caller, project) || hasScope(deps, caller, project, GAME_FACTS_WRITE_SCOPE)) return;
  throw forbidden(`Changing game facts needs developer-level access or the ${GAME_FACTS_WRITE_SCOPE} permission.`);
}

export function updateGameFacts(deps: Deps, caller: Caller, project: ProjectRow, update: GameFactsInput): GameFacts {
  assertCanWriteGameFacts(deps, caller, project);
  const row = deps.db.transaction(() => {
    const merged = mergeGameFacts(readGameFacts(deps, project.id) ?? emptyGameFacts(), update);
    return saveGameFacts(deps.db, project.id, merged, deps.clock.now().toISOString());
  })();
  return toGameFacts(project, row);
}

/** The game-facts area's `loadFixture`: a project's fixture `game_facts`, through the same schema. */
export function loadGameFactsFixture(deps: Deps, project: ProjectRow, fixture: FixtureProject, path: string): void {
  if (fixture.game_facts === undefined) return;
  const parsed = GameFactsInput.safeParse(fixture.game_facts);
  if (!parsed.success)
    throw unprocessable(`Invalid fixture at ${path}.game_facts.${describeZodError(parsed.error)}`, {
      path: `${path}.game_facts`,
    });
  saveGameFacts(deps.db, project.id, mergeGameFacts(emptyGameFacts(), parsed.data), deps.clock.now().toISOString());
}
