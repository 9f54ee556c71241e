import type { Generated } from 'kysely';

/** Timestamps are ISO-8601 UTC strings (`Date#toISOString`), which sort and compare the same on both dialects. */
export interface UsersTable {
  id: string;
  login: string;
  password_hash: string;
  created_at: string;
}

export interface GatewaysTable {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  created_at: string;
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
}

export interface RefreshTokensTable {
  token_hash: string;
  family_id: string;
  used: Generated<number>;
  expires_at: string;
  created_at: string;
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
}

export interface CloudDatabase {
  users: UsersTable;
  gateways: GatewaysTable;
  gateway_tokens: GatewayTokensTable;
  session_families: SessionFamiliesTable;
  refresh_tokens: RefreshTokensTable;
  alert_settings: AlertSettingsTable;
  gateway_seen: GatewaySeenTable;
  gateway_incidents: GatewayIncidentsTable;
}
