// Device sign-in (the Unity plugin's): the game creates a request under its own uuid, the player
// approves it in a browser, the game polls and receives a JWT that acts as that player.
import { z } from 'zod';
import { defineOperation } from './operation.ts';
import { paths } from './paths.ts';

export const DeviceAuthCreateBody = z.object({
  request_id: z.uuid({ error: 'request_id must be a UUID' }),
  entity_kind: z.string().trim().min(1).max(40).default('game'),
  entity_name: z.string().trim().min(1, 'entity_name is required').max(200),
});
export type DeviceAuthCreateBody = z.infer<typeof DeviceAuthCreateBody>;

export const DeviceAuthCreateResponse = z.object({ status: z.literal('created') });

export const DEVICE_AUTH_STATUSES = ['pending', 'approved', 'denied', 'expired', 'not_found'] as const;

/** What a poll answers; `token` and `user_name` only once approved (the game stores the JWT). */
export const DeviceAuthPollResponse = z.object({
  status: z.enum(DEVICE_AUTH_STATUSES),
  token: z.string().optional(),
  user_name: z.string().optional(),
  /** When the token stops working, by the server clock. */
  expires_at: z.string().optional(),
  error: z.string().optional(),
});
export type DeviceAuthPollResponse = z.infer<typeof DeviceAuthPollResponse>;

/** The approval page's form, and the /__admin hook that approves without a browser. */
export const DeviceAuthDecisionBody = z.object({
  decision: z.enum(['approve', 'deny']).default('approve'),
  /** The page's form field; API callers send `Authorization: Bearer pat-…` instead. */
  personal_access_token: z.string().optional(),
});
export const DeviceAuthDecisionResponse = z.object({
  status: z.enum(['approved', 'denied']),
  user_name: z.string().optional(),
});
export const AdminDeviceAuthApproveBody = z.object({
  /** The user the token will act as: a user's public id (`usr-…`) or fixture email. */
  user: z.string().min(1),
  decision: z.enum(['approve', 'deny']).default('approve'),
});

/** A device grant: a device sign-in whose token was handed out (docs/clients.md#device-sign-in). */
export const DeviceGrant = z.object({
  id: z.string(),
  entity_kind: z.string(),
  entity_name: z.string(),
  /** The only project the token reaches (null when the game named none: then it reaches no project). */
  project_id: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
});
export const DeviceGrantList = z.object({ grants: z.array(DeviceGrant) });
export const DeviceTokenRevokeResponse = z.object({ status: z.literal('revoked') });

export const deviceAuthOperations = {
  createDeviceAuth: defineOperation({
    id: 'createDeviceAuth',
    ...paths.createDeviceAuth,
    tag: 'Device sign-in',
    public: true,
    summary: 'Start a device sign-in under a client-generated UUID; the player then opens /device_auth/{id}/authorize.',
    body: DeviceAuthCreateBody,
    response: DeviceAuthCreateResponse,
    status: 201,
  }),
  pollDeviceAuth: defineOperation({
    id: 'pollDeviceAuth',
    ...paths.pollDeviceAuth,
    tag: 'Device sign-in',
    public: true,
    summary: 'Poll a device sign-in: pending, approved (with the token and user name), denied, expired or not_found.',
    response: DeviceAuthPollResponse,
  }),
  authorizeDeviceAuth: defineOperation({
    id: 'authorizeDeviceAuth',
    ...paths.authorizeDeviceAuth,
    tag: 'Device sign-in',
    public: true,
    summary:
      'The approval page (HTML): the signed-in player approves or denies; the POST carries a personal access token.',
    body: DeviceAuthDecisionBody,
    response: DeviceAuthDecisionResponse,
  }),
  listDeviceGrants: defineOperation({
    id: 'listDeviceGrants',
    ...paths.listDeviceGrants,
    tag: 'Device sign-in',
    summary: 'The device sign-ins of the account of the personal access token, revoked ones included.',
    response: DeviceGrantList,
  }),
  revokeDeviceGrant: defineOperation({
    id: 'revokeDeviceGrant',
    ...paths.revokeDeviceGrant,
    tag: 'Device sign-in',
    summary: "Revoke one of the account's device sign-ins (personal access token): its token stops working at once.",
    response: DeviceGrant,
  }),
  revokeDeviceToken: defineOperation({
    id: 'revokeDeviceToken',
    ...paths.revokeDeviceToken,
    tag: 'Device sign-in',
    summary: 'Sign the device out: revoke the device sign-in token sent as Bearer.',
    response: DeviceTokenRevokeResponse,
  }),
  adminApproveDeviceAuth: defineOperation({
    id: 'adminApproveDeviceAuth',
    ...paths.adminApproveDeviceAuth,
    tag: 'Test surface',
    public: true,
    summary: 'Approve (or deny) a device sign-in as a given user, without a browser.',
    body: AdminDeviceAuthApproveBody,
    response: DeviceAuthDecisionResponse,
  }),
} as const;
