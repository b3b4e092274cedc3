// Releases: reference "Releases" and the release state table, decisions §2 paths.
import { defineOperation } from './operation.ts';

const base = '/projects/{project_id}/releases';

export const releaseOperations = {
  listReleases: defineOperation({ id: 'listReleases', methods: ['GET'], path: base, tag: 'Releases', summary: 'Published releases by default; show_drafts, show_archived, sort.' }),
  createRelease: defineOperation({ id: 'createRelease', methods: ['POST'], path: base, tag: 'Releases', summary: 'Create a release, published unless save_draft.', status: 201 }),
  showRelease: defineOperation({ id: 'showRelease', methods: ['GET'], path: `${base}/{release_id}`, tag: 'Releases', summary: 'One release by rel-<n> or <n>.' }),
  updateRelease: defineOperation({ id: 'updateRelease', methods: ['PATCH', 'PUT'], path: `${base}/{release_id}`, tag: 'Releases', summary: 'Update a release, its links and attachments.' }),
  deleteRelease: defineOperation({ id: 'deleteRelease', methods: ['DELETE'], path: `${base}/{release_id}`, tag: 'Releases', summary: 'Delete a release that is not the only published one and has no issues.' }),
  releaseDownload: defineOperation({ id: 'releaseDownload', methods: ['GET'], path: `${base}/{release_id}/download`, tag: 'Releases', summary: 'With platform: count and redirect; without: download counts.' }),
  publishRelease: defineOperation({ id: 'publishRelease', methods: ['POST'], path: `${base}/{release_id}/publish`, tag: 'Releases', summary: 'Publish a draft (idempotent).' }),
  archiveRelease: defineOperation({ id: 'archiveRelease', methods: ['POST'], path: `${base}/{release_id}/archive`, tag: 'Releases', summary: 'Archive; another published release must remain.' }),
  restoreRelease: defineOperation({ id: 'restoreRelease', methods: ['POST'], path: `${base}/{release_id}/restore`, tag: 'Releases', summary: 'Restore an archived release.' }),
} as const;
