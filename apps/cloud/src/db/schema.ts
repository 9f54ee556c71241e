import type { Generated } from 'kysely';

/** Timestamps are ISO-8601 UTC strings (`Date#toISOString`), which sort and compare the same on both dialects. */
export interface UsersTable {
  id: string;
  login: string;
  password_hash: string;
  created_at: string;
  is_admin: Generated<number>;
  disabled: Generated<number>;
  /** SHA-256 of a pending invite token (null once the invited user set a password) */
  invite_hash: string | null;
  /** 1 while the password is a one-time one (created or reset by an admin): only a password change is allowed */
  must_change_password: Generated<number>;
  /** epoch ms after which the pending invite no longer works (bigint: PostgreSQL hands it back as a string) */
  invite_expires_at: number | string | null;
  /** base32 TOTP secret: waiting for its first code while totp_enabled is 0, in use once it is 1 */
  totp_secret: string | null;
  totp_enabled: Generated<number>;
  /** the last RFC 6238 time step a code was accepted for: a code of that step or earlier is refused */
  totp_last_step: number | string | null;
}

export interface GatewaysTable {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  created_at: string;
  /** JSON array of the gateway's tags */
  tags: Generated<string>;
}

/** One opaque token per gateway; only its SHA-256 is kept. */
export interface GatewayTokensTable {
  gateway_id: string;
  token_hash: string;
  created_at: string;
}

/** A login starts a family; every refresh rotates within it; reuse of a rotated token revokes the family. */
export interface SessionFamiliesTable {
  id: string;
  user_id: string;
  revoked: Generated<number>;
  created_at: string;
  /** the user agent and address at sign-in, and when the session last renewed its access token */
  user_agent: string | null;
  address: string | null;
  last_seen_at: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  family_id: string;
  used: Generated<number>;
  expires_at: string;
  created_at: string;
}

/** A gateway's backup version (issue 18): device and dump sealed with AES-GCM (see backups/crypto). */
export interface BackupsTable {
  gateway_id: string;
  id: string;
  device_ip: string;
  source: string;
  created_at: string;
  iv: string;
  data: string;
}

/** What a linked gateway last reported of its fleet: GatewaySummary as JSON, and when (ISO 8601). */
export interface GatewaySummariesTable {
  gateway_id: string;
  summary: string;
  reported_at: string;
}

/** A share of a gateway (issue 20). `expires_at` in epoch ms (bigint: PostgreSQL hands it back as a string). */
export interface GatewayMembersTable {
  gateway_id: string;
  user_id: string;
  role: string;
  expires_at: number | string | null;
  granted_by: string | null;
  created_at: string;
}

export interface AuditLogTable {
  id: string;
  at: string;
  action: string;
  actor_id: string | null;
  actor: string | null;
  gateway_id: string | null;
  device: string | null;
  command: string | null;
  detail: string | null;
  outcome: string;
  duration_ms: number | null;
  address: string | null;
}

/** A user's gateway-offline alert settings (CloudAlertSettings as JSON, secrets included). */
export interface AlertSettingsTable {
  user_id: string;
  settings: string;
  updated_at: string;
}

/** When some node last saw the gateway's link up, and since when nodes see it down (null while up). */
export interface GatewaySeenTable {
  gateway_id: string;
  last_online_at: string;
  offline_since: string | null;
}

/** A gateway-offline incident: the node that inserts it alerts; the node that closes it alerts the return. */
export interface GatewayIncidentsTable {
  id: string;
  gateway_id: string;
  opened_at: string;
  opened_by: string;
  closed_at: string | null;
  closed_by: string | null;
  /** when the offline alert went out (or was given up); null while its node sends it */
  open_sent_at: string | null;
  /** the same for the back-online alert */
  close_sent_at: string | null;
}

/** A user's API token (stored as its SHA-256); `gateway_ids` a JSON array or null for all. */
export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  scope: string;
  gateway_ids: string | null;
  created_at: string;
  /** epoch ms (bigint: PostgreSQL hands it back as a string) */
  expires_at: number | string;
  last_used_at: string | null;
  last_used_address: string | null;
}

/** A TOTP recovery code (its SHA-256), single use. */
export interface RecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: string | null;
}

/** Cloud-wide settings an administrator changes at run time (key -> JSON value). */
export interface CloudSettingsTable {
  key: string;
  value: string;
}

/** A user's passkey (WebAuthn credential); `counter` bigint: PostgreSQL hands it back as a string. */
export interface PasskeysTable {
  id: string;
  user_id: string;
  name: string;
  credential_id: string;
  public_key: string;
  counter: Generated<number | string>;
  /** JSON array of the authenticator's transports, or null */
  transports: string | null;
  device_type: string;
  backed_up: Generated<number>;
  /** the relying party id it was registered for */
  rp_id: string;
  created_at: string;
  last_used_at: string | null;
}

/** A WebAuthn challenge or single sign-on outcome waiting for its one use (deleted when used). */
export interface SignInChallengesTable {
  challenge: string;
  kind: string;
  user_id: string | null;
  /** epoch ms */
  expires_at: number | string;
}

/** An OpenID Connect identity (issuer + subject) linked to a user at its first sign-in. */
export interface SsoLinksTable {
  issuer: string;
  subject: string;
  user_id: string;
  email: string | null;
  created_at: string;
  last_used_at: string | null;
}

/** A rollout across gateways (issue 37); `spec` is JSON (firmware, target, settings, gateway ids). */
export interface CloudRolloutsTable {
  id: string;
  created_by: string;
  created_by_login: string;
  name: string;
  spec: string;
  state: string;
  current_wave: Generated<number>;
  reason: string | null;
  accepted: Generated<string>;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  expires_at: string;
  lease_node: string | null;
  /** epoch ms */
  lease_until: Generated<number | string>;
  firmware_data: string | null;
}

/** One gateway's part of a cloud rollout; `parts` and `devices` are JSON. */
export interface CloudRolloutGatewaysTable {
  rollout_id: string;
  gateway_id: string;
  position: number;
  state: string;
  firmware_id: string | null;
  firmware_sends: Generated<number>;
  parts: Generated<string>;
  devices: Generated<string>;
  retry: Generated<number>;
}

export interface CloudDatabase {
  cloud_rollouts: CloudRolloutsTable;
  cloud_rollout_gateways: CloudRolloutGatewaysTable;
  passkeys: PasskeysTable;
  sign_in_challenges: SignInChallengesTable;
  sso_links: SsoLinksTable;
  api_tokens: ApiTokensTable;
  recovery_codes: RecoveryCodesTable;
  cloud_settings: CloudSettingsTable;
  users: UsersTable;
  gateways: GatewaysTable;
  gateway_tokens: GatewayTokensTable;
  session_families: SessionFamiliesTable;
  refresh_tokens: RefreshTokensTable;
  backups: BackupsTable;
  gateway_summaries: GatewaySummariesTable;
  gateway_members: GatewayMembersTable;
  audit_log: AuditLogTable;
  alert_settings: AlertSettingsTable;
  gateway_seen: GatewaySeenTable;
  gateway_incidents: GatewayIncidentsTable;
}
