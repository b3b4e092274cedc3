// An issue row as the repository inserts it, with the defaults the tests and benchmarks share: an open,
// medium-priority, published issue with no reporter, assignee, release, steps, trace or device.
import type { NewIssue } from '../../reference-server/src/areas/issues/repository.ts';

export function newIssue(projectId: number, at: string, fields: Partial<NewIssue> = {}): NewIssue {
  return {
    project_id: projectId,
    title: 'Ship explodes on docking',
    description: 'Docking at station 4 destroys the ship every time.',
    status: 'open',
    priority: 'medium',
    score: '0',
    raw: 0,
    source: null,
    reporter_user_id: null,
    assigned_to_user_id: null,
    release_id: null,
    steps: '[]',
    debug_trace: null,
    device: null,
    created_at: at,
    updated_at: at,
    ...fields,
  };
}
