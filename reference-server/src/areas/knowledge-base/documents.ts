// What the knowledge base answers from: the game facts (by section), each glossary term, the
// project's knowledge chunks and its resolved issues (not raw, not archived).
import type { KnowledgeSource } from '../../../../widget/src/protocol/knowledge-base.ts';
import { GLOSSARY_SECTIONS } from '../../../../widget/src/protocol/game-facts.ts';
import { stmt } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import { readGameFacts } from '../game-facts/facts.ts';

export interface KnowledgeDocument {
  kind: KnowledgeSource['kind'];
  id: string;
  title: string;
  text: string;
}

const pairs = (map: Record<string, string>) =>
  Object.entries(map)
    .map(([key, value]) => `${key}: ${value}`)
    .join('; ');
const sentence = (label: string, value: string) => (value.trim() ? `${label}: ${value.trim()}.` : '');

function gameFactDocuments(deps: Pick<Deps, 'db'>, project: ProjectRow): KnowledgeDocument[] {
  const facts = readGameFacts(deps, project.id);
  if (!facts) return [];
  const { core_mechanics: cm, technical_specifications: ts } = facts;
  const documents: KnowledgeDocument[] = [
    { kind: 'game_facts', id: 'description', title: `About ${project.name}`, text: facts.description },
    {
      kind: 'game_facts',
      id: 'overview',
      title: `${project.name} overview`,
      text: [
        sentence('Genre', facts.genre),
        sentence('Target audience', facts.target_audience),
        sentence('Platforms', facts.platforms.join(', ')),
      ].join('\n'),
    },
    {
      kind: 'game_facts',
      id: 'core_mechanics',
      title: 'Core mechanics',
      text: [
        sentence('Key features', cm.key_features.join(', ')),
        sentence('Game modes', cm.game_modes.join(', ')),
      ].join('\n'),
    },
    {
      kind: 'game_facts',
      id: 'controls',
      title: 'Controls',
      text: [
        sentence('PC controls', pairs(cm.controls.pc)),
        sentence('Console controls', pairs(cm.controls.console)),
      ].join('\n'),
    },
    {
      kind: 'game_facts',
      id: 'technical_specifications',
      title: 'Technical specifications and system requirements',
      text: [
        sentence('Supported platforms', ts.supported_platforms.join(', ')),
        sentence('Minimum system requirements', pairs(ts.minimum_system_requirements)),
      ].join('\n'),
    },
  ];
  for (const section of GLOSSARY_SECTIONS) {
    for (const entry of facts.glossary[section]) {
      documents.push({
        kind: 'glossary',
        id: `${section}/${entry.term}`,
        title: entry.term,
        text: `${entry.term}: ${entry.definition}`,
      });
    }
  }
  return documents.filter((d) => d.text.trim() !== '');
}

export function knowledgeDocuments(deps: Pick<Deps, 'db'>, project: ProjectRow): KnowledgeDocument[] {
  const chunks = stmt(deps.db, 'SELECT id, title, content FROM knowledge_chunks WHERE project_id = ? ORDER BY id').all(
    project.id,
  ) as Array<{ id: number; title: string; content: string }>;
  const issues = stmt(
    deps.db,
    "SELECT id, title, description FROM issues WHERE project_id = ? AND status = 'resolved' AND raw = 0 AND archived " +
      '= 0 ORDER BY id',
  ).all(project.id) as Array<{ id: number; title: string; description: string }>;
  return [
    ...gameFactDocuments(deps, project),
    ...chunks.map(
      (c): KnowledgeDocument => ({ kind: 'knowledge_chunk', id: String(c.id), title: c.title, text: c.content }),
    ),
    ...issues.map(
      (i): KnowledgeDocument => ({
        kind: 'issue',
        id: `g-${i.id}`,
        title: i.title,
        text: `${i.title}. ${i.description}`,
      }),
    ),
  ];
}
