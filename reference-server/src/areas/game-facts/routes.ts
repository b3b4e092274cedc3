// Game facts routes (docs/api-choices.md#operation-paths): GET, and PUT or PATCH with {game_fact: {...}}.
import { Hono } from 'hono';
import { GameFactsUpdateBody } from '../../../../widget/src/protocol/game-facts.ts';
import type { Deps } from '../../deps.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/env.ts';
import { assertCanWriteGameFacts, showGameFacts, updateGameFacts } from './facts.ts';

const path = '/projects/:project_id/game_facts';

export function gameFactRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get(path, (c) => c.json(showGameFacts(deps, c.get('project'))));
  app.on(['PUT', 'PATCH'], path, async (c) => {
    assertCanWriteGameFacts(deps, c.get('caller'), c.get('project'));
    const body = GameFactsUpdateBody.parse(await readBody(c));
    return c.json(updateGameFacts(deps, c.get('caller'), c.get('project'), body.game_fact));
  });
  return app;
}
