// The method and path template of each operation the report flow sends (create, update, contact,
// publish, read back, media upload): the reporter chunk ships these alone. paths.ts joins them with
// other-paths.ts into the table of every operation.
import type { HttpMethod } from './operation.ts';

export const reportPaths = {
  createIssue: { methods: ['POST'], path: '/projects/{project_id}/issues' },
  showIssue: { methods: ['GET'], path: '/projects/{project_id}/issues/{issue_id}' },
  updateIssue: { methods: ['PATCH', 'PUT'], path: '/projects/{project_id}/issues/{issue_id}' },
  publishIssue: { methods: ['POST'], path: '/projects/{project_id}/issues/{issue_id}/publish' },
  setIssueContactInfo: { methods: ['POST'], path: '/projects/{project_id}/issues/{issue_id}/set_contact_info' },
  listMedia: { methods: ['GET'], path: '/projects/{project_id}/issues/{issue_id}/{media}' },
  presignedUpload: { methods: ['POST'], path: '/projects/{project_id}/issues/{issue_id}/{media}/presigned_upload' },
  confirmUpload: { methods: ['POST'], path: '/projects/{project_id}/issues/{issue_id}/{media}/confirm_upload' },
  createFeatureRequest: { methods: ['POST'], path: '/projects/{project_id}/feature_requests' },
  showFeatureRequest: { methods: ['GET'], path: '/projects/{project_id}/feature_requests/{id}' },
  setFeatureRequestContactInfo: {
    methods: ['POST'],
    path: '/projects/{project_id}/feature_requests/{id}/set_contact_info',
  },
  publishFeatureRequest: { methods: ['POST'], path: '/projects/{project_id}/feature_requests/{id}/publish' },
  createTicket: { methods: ['POST'], path: '/projects/{project_id}/tickets' },
} as const satisfies Record<string, { methods: readonly HttpMethod[]; path: string }>;
