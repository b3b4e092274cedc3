// What each area's loadFixture is given (area.ts): the project just inserted, its part of the fixture document
// (docs/api-choices.md#fixture-format), where that part is for errors, and the keys entries refer to each other by.
import type { FixtureProject, FixtureResult } from '../../../widget/src/protocol/fixtures.ts';
import type { ProjectRow } from './projects-auth/repository.ts';

/** A problem at a path of the document: loadFixtures (admin/fixtures.ts) answers it with a 422 naming the path. */
export class FixtureError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

/** Ids by fixture key, per kind (`user`, `release`, `tag`, `custom field`), for later entries to refer to. */
export interface FixtureKeys {
  remember(kind: string, key: string, id: number): void;
  /** The id remembered under a key, or a FixtureError naming `path`. */
  refer(kind: string, key: string, path: string): number;
}

export interface ProjectFixture extends FixtureKeys {
  project: ProjectRow;
  fixture: FixtureProject;
  /** `projects[0]`: where this project's entries are in the document. */
  path: string;
  /** The one timestamp of the load. */
  now: string;
  /** Records the id an entry made under its key in this project; a key used twice here is a FixtureError at `path`. */
  answer<K extends ProjectAnswerKind>(kind: K, key: string, ids: ProjectAnswer[K][string], path: string): void;
}

/** What one project's entries made, by their key in that project; loadFixtures merges them into its answer. */
export type ProjectAnswer = Pick<FixtureResult, 'releases' | 'issues'>;
export type ProjectAnswerKind = keyof ProjectAnswer;

/** The `answer` of a ProjectFixture, writing into `into`. */
export function createProjectAnswer(into: ProjectAnswer): ProjectFixture['answer'] {
  return (kind, key, ids, path) => {
    const made: Record<string, unknown> = into[kind];
    if (Object.hasOwn(made, key))
      throw new FixtureError(path, `key ${JSON.stringify(key)} is already used by another of this project's ${kind}`);
    made[key] = ids;
  };
}

/** Keys of one scope; a kind not remembered here is looked up in `outer` (a project's keys, then the document's). */
export function createFixtureKeys(outer?: FixtureKeys): FixtureKeys {
  const kinds = new Map<string, Map<string, number>>();
  return {
    remember(kind, key, id) {
      const ids = kinds.get(kind) ?? new Map<string, number>();
      kinds.set(kind, ids.set(key, id));
    },
    refer(kind, key, path) {
      const id = kinds.get(kind)?.get(key);
      if (id !== undefined) return id;
      if (outer && !kinds.has(kind)) return outer.refer(kind, key, path);
      throw new FixtureError(path, `unknown ${kind} key ${JSON.stringify(key)}`);
    },
  };
}

/** Runs a write; a UNIQUE conflict becomes a FixtureError naming `path`. */
export function unique<T>(path: string, write: () => T): T {
  try {
    return write();
  } catch (error) {
    if (error instanceof Error && /UNIQUE constraint/.test(error.message))
      throw new FixtureError(path, `already exists (${error.message.replace('UNIQUE constraint failed: ', '')})`);
    throw error;
  }
}
