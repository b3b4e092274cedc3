// Feature requests (suggestions): reference "Feature requests", decisions §2 paths.
import { defineOperation } from './operation.ts';

const base = '/projects/{project_id}/feature_requests';

export const featureRequestOperations = {
  listFeatureRequests: defineOperation({ id: 'listFeatureRequests', methods: ['GET'], path: base, tag: 'Feature requests', summary: 'List feature requests (sort=top|new).' }),
  createFeatureRequest: defineOperation({ id: 'createFeatureRequest', methods: ['POST'], path: base, tag: 'Feature requests', summary: 'Create a feature request; draft=true creates it hidden.', status: 201 }),
  searchFeatureRequests: defineOperation({ id: 'searchFeatureRequests', methods: ['GET', 'POST'], path: `${base}/search`, tag: 'Feature requests', summary: 'Search publicly visible active requests.' }),
  showFeatureRequest: defineOperation({ id: 'showFeatureRequest', methods: ['GET'], path: `${base}/{id}`, tag: 'Feature requests', summary: 'One feature request by scoped id, fr-<n> or g-<id>.' }),
  setFeatureRequestContactInfo: defineOperation({ id: 'setFeatureRequestContactInfo', methods: ['POST'], path: `${base}/{id}/set_contact_info`, tag: 'Feature requests', summary: 'Attach an email or Discord id; creates a virtual user.' }),
  publishFeatureRequest: defineOperation({ id: 'publishFeatureRequest', methods: ['POST'], path: `${base}/{id}/publish`, tag: 'Feature requests', summary: 'Publish a draft: hidden becomes open.' }),
} as const;
