// Issues (bug reports): operations of the reference's Issues section with decisions §2 paths.
// Wire schemas are added beside each operation as the issue API is built.
import { defineOperation } from './operation.ts';

const base = '/projects/{project_id}/issues';

export const issueOperations = {
  listIssues: defineOperation({ id: 'listIssues', methods: ['GET'], path: base, tag: 'Issues', summary: 'List issues with filters.' }),
  createIssue: defineOperation({ id: 'createIssue', methods: ['POST'], path: base, tag: 'Issues', summary: 'Create an issue (form, multipart or JSON); draft=true creates it hidden.', status: 201 }),
  searchIssues: defineOperation({ id: 'searchIssues', methods: ['GET', 'POST'], path: `${base}/search`, tag: 'Issues', summary: 'Full-text search with typo tolerance.' }),
  showIssue: defineOperation({ id: 'showIssue', methods: ['GET'], path: `${base}/{issue_id}`, tag: 'Issues', summary: 'One issue by g-<id> or scoped id.' }),
  updateIssue: defineOperation({ id: 'updateIssue', methods: ['PATCH', 'PUT'], path: `${base}/{issue_id}`, tag: 'Issues', summary: 'Update title, description, status, priority, assignee, steps or release.' }),
  publishIssue: defineOperation({ id: 'publishIssue', methods: ['POST'], path: `${base}/{issue_id}/publish`, tag: 'Issues', summary: 'Publish a draft: hidden becomes open.' }),
  setReporterEmail: defineOperation({ id: 'setReporterEmail', methods: ['POST'], path: `${base}/{issue_id}/set_reporter_email`, tag: 'Issues', summary: 'Deprecated: use set_contact_info.' }),
  setIssueContactInfo: defineOperation({ id: 'setIssueContactInfo', methods: ['POST'], path: `${base}/{issue_id}/set_contact_info`, tag: 'Issues', summary: 'Attach an email or Discord id to the report; creates a virtual user.' }),
  askForDetails: defineOperation({ id: 'askForDetails', methods: ['POST'], path: `${base}/{issue_id}/ask_for_details`, tag: 'Issues', summary: 'Ask the reporter for steps, a screenshot, a video, logs or device info.' }),
  archiveIssue: defineOperation({ id: 'archiveIssue', methods: ['POST'], path: `${base}/{issue_id}/archive`, tag: 'Issues', summary: 'Archive an issue (bugs.archive).' }),
  unarchiveIssue: defineOperation({ id: 'unarchiveIssue', methods: ['POST'], path: `${base}/{issue_id}/unarchive`, tag: 'Issues', summary: 'Unarchive an issue (bugs.archive).' }),
  findSimilarIssues: defineOperation({ id: 'findSimilarIssues', methods: ['GET'], path: `${base}/{issue_id}/find_similar`, tag: 'Issues', summary: 'Semantically similar issues (developer personal access token).' }),
} as const;
