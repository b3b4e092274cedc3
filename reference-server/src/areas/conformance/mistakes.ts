// Mistakes only the answer shows, noted for the conformance report after the route has answered: an
// issue's raw `id` put in a path where `g-<id>` was meant, and a draft reached with the bare project
// token (its 404 stays: to that caller the draft does not exist).
import type { Deps } from '../../deps.ts';
import { findIssueById, findIssueByPathId } from '../issues/repository.ts';
import { findProjectByPublicId } from '../projects-auth/repository.ts';

/** What the recorder tells about an answered request of a /projects/{project_id} path. */
export interface AnsweredRequest {
  method: string;
  path: string;
  /** The project of the path, once the project check passed (a refusal before it leaves it out). */
  projectId: number | null;
  authorization: string | undefined;
  status: number;
}
export interface Mistake {
  rule: 'raw-id-in-path' | 'draft-needs-jwt';
  detail: string;
}

const ISSUE_PATH = /^\/projects\/([^/]+)\/issues\/([^/]+?)(?:\.json)?(?:\/|$)/;
/** `FormUser tkn-…` alone, or a raw `tkn-…`: no draft JWT, no email or Discord identity. */
const BARE_PROJECT_TOKEN = /^(?:FormUser\s+)?tkn-[^,]*$/i;

export function explainMistakes(deps: Pick<Deps, 'db'>): (request: AnsweredRequest) => Mistake[] {
  return ({ method, path, projectId, authorization, status }) => {
    const match = ISSUE_PATH.exec(path);
    if (!match || match[2] === 'search') return [];
    const mistakes: Mistake[] = [];
    const pathId = match[2];
    // A draft JWT of another issue is refused before the project is set: read it from the path.
    projectId ??= findProjectByPublicId(deps.db, match[1])?.id ?? null;
    if (projectId === null) return [];
    if (/^\d+$/.test(pathId)) {
      // A bare number is a scoped id; an issue whose raw id it is was probably meant.
      const byId = findIssueById(deps.db, projectId, Number(pathId));
      if (byId && byId.scoped_id !== Number(pathId)) {
        mistakes.push({
          rule: 'raw-id-in-path',
          detail:
            `${method} …/issues/${pathId} reads ${pathId} as a scoped_id; the issue whose id is ${pathId} ` +
            `is …/issues/g-${pathId} (its scoped_id is ${byId.scoped_id})`,
        });
      }
    }
    if (status !== 404 || !BARE_PROJECT_TOKEN.test(authorization?.trim() ?? '')) return mistakes;
    if (findIssueByPathId(deps.db, projectId, pathId)?.status === 'hidden') {
      mistakes.push({
        rule: 'draft-needs-jwt',
        detail:
          `${method} …/issues/${pathId} is a draft: the project token alone does not reach it, the create's ` +
          '`token` does (Bearer <jwt>)',
      });
    }
    return mistakes;
  };
}
