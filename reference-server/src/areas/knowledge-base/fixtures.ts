// The knowledge chunks of a fixture project, which questions are answered from.
import { stmt } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import type { ProjectFixture } from '../fixture-context.ts';

export function loadKnowledgeBaseFixture(deps: Deps, f: ProjectFixture): void {
  f.fixture.knowledge_chunks?.forEach((k) => {
    stmt(deps.db, 'INSERT INTO knowledge_chunks (project_id, title, content, created_at) VALUES (?, ?, ?, ?)').run(
      f.project.id,
      k.title,
      k.content,
      f.now,
    );
  });
}
