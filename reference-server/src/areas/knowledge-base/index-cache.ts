// Each project's passages remembered against its connection's read version (db/read-version.ts). A repeated
// question at the same version ranks the remembered passages; after any write (of this connection, or a commit of
// another: a question's own daily counter is one) the documents are read again and only those whose title or text
// changed are split and tokenized again. Bounded to a few projects, least recently asked first out.
import type { KnowledgeAnswer } from '../../../../widget/src/protocol/knowledge-base.ts';
import type { Db } from '../../db/database.ts';
import { readVersion } from '../../db/read-version.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import { answerFromPassages, documentPassages } from './answer.ts';
import { knowledgeDocuments, type KnowledgeDocument } from './documents.ts';
import type { Passage } from './passage-index.ts';

interface Entry {
  version: string;
  /** The project's name is in the game facts' titles. */
  name: string;
  /** Each document's passages, by kind, id and occurrence. */
  documents: Map<string, Passage<KnowledgeDocument>[]>;
  passages: Passage<KnowledgeDocument>[];
}

export interface IndexStats {
  /** Times a project's documents were read again (its read version had moved). */
  refreshes: number;
  /** Documents split and tokenized (new or changed). */
  tokenized: number;
}

const keyOf = (document: KnowledgeDocument, n: number) => `${document.kind}\u0000${document.id}\u0000${n}`;

export class KnowledgeIndexes {
  readonly #entries = new Map<number, Entry>();
  readonly stats: IndexStats = { refreshes: 0, tokenized: 0 };

  constructor(
    readonly db: Db,
    readonly maxProjects = 4,
  ) {}

  answer(project: ProjectRow, question: string): KnowledgeAnswer {
    return answerFromPassages(this.passages(project), question);
  }

  forget(): void {
    this.#entries.clear();
  }

  passages(project: ProjectRow): Passage<KnowledgeDocument>[] {
    // Read before the documents: a write landing meanwhile leaves the entry stale, never wrongly fresh.
    const version = readVersion(this.db);
    let entry = this.#entries.get(project.id);
    this.#entries.delete(project.id);
    if (!entry || entry.version !== version || entry.name !== project.name)
      entry = this.#refresh(project, version, entry);
    this.#entries.set(project.id, entry);
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.maxProjects) break;
      this.#entries.delete(oldest);
    }
    return entry.passages;
  }

  #refresh(project: ProjectRow, version: string, previous: Entry | undefined): Entry {
    this.stats.refreshes += 1;
    const documents = new Map<string, Passage<KnowledgeDocument>[]>();
    const passages: Passage<KnowledgeDocument>[] = [];
    for (const document of knowledgeDocuments(this, project)) {
      // A kind and id given twice (a glossary term listed twice) is two sources: each keeps its own passages.
      let key = keyOf(document, 0);
      for (let n = 1; documents.has(key); n += 1) key = keyOf(document, n);
      let own = previous?.documents.get(key);
      const known = own?.[0]?.document;
      if (!own || !known || known.title !== document.title || known.text !== document.text) {
        own = documentPassages(document);
        this.stats.tokenized += 1;
      }
      documents.set(key, own);
      for (const passage of own) passages.push(passage);
    }
    return { version, name: project.name, documents, passages };
  }
}
