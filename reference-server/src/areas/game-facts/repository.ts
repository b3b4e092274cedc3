// A project's game facts, stored as one JSON document with its timestamps.
import { stmt, type Db } from '../../db/database.ts';

export interface GameFactsRow {
  project_id: number;
  data: string;
  created_at: string;
  updated_at: string;
}

export function findGameFacts(db: Db, projectId: number): GameFactsRow | undefined {
  return stmt(db, 'SELECT * FROM game_facts WHERE project_id = ?').get(projectId) as GameFactsRow | undefined;
}

/** Creates the row on first write; later writes keep created_at. */
export function saveGameFacts(db: Db, projectId: number, data: unknown, at: string): GameFactsRow {
  return stmt(
    db,
    `INSERT INTO game_facts (project_id, data, created_at, updated_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (project_id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at RETURNING *`,
  ).get(projectId, JSON.stringify(data), at, at) as GameFactsRow;
}
