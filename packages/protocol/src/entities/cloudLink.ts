import { z } from 'zod';
import { Id } from './common';
import { GatewayRef } from './gatewayRef';

// A gateway's link to its cloud as the gateway's own API shows it (spec section 3), and the cloud user it
// names. A module apart from ./cloud.ts (issue 21): a gateway's console shows its link on every screen, and
// the cloud's gateway, account and session schemas would come with it (the bundler places a whole module
// where its first user is).

export const CloudUser = z.object({
  id: Id,
  login: z.string(),
  /** cloud accounts: present (true) only while the user must replace a one-time password */
  mustChangePassword: z.boolean().optional(),
});
export type CloudUser = z.infer<typeof CloudUser>;

/** What a gateway keeps after logging in to the cloud (`GET /api/cloud/identity`). */
export const CloudIdentity = z.object({ user: CloudUser, gateway: GatewayRef });
export type CloudIdentity = z.infer<typeof CloudIdentity>;
/** The spec's name for the same thing. */
export const LocalCloudAuthentication = CloudIdentity;
export type LocalCloudAuthentication = CloudIdentity;

/** `GET /api/cloud/config`. Never carries the token. */
export const CloudConfig = z.object({ cloudUrl: z.string() });
export type CloudConfig = z.infer<typeof CloudConfig>;

/** `POST /api/cloud/login`: what a decoded connection token holds. */
export const CloudLoginPayload = z.object({
  cloudUrl: z.url({ protocol: /^https?$/, error: 'The cloud URL must be an http(s) URL' }),
  token: z.string().trim().min(1, 'The token is empty'),
});
export type CloudLoginPayload = z.infer<typeof CloudLoginPayload>;
