import { z } from 'zod';
import { GATEWAY_LIMITS } from './limits';
import { TEXT_CONTROL_CHARACTERS_MESSAGE } from './text';

// Every error our servers answer, by code: its HTTP status and default message. Servers throw by code; the
// console maps codes to translated messages. Device errors are not here: they pass through as the device
// sent them (`{error}`, see DeviceErrorBodySchema).

interface ErrorDef {
  status: number;
  message: string;
}

const def = (status: number, message: string): ErrorDef => ({ status, message });

export const ERROR_CATALOG = {
  // Generic
  VALIDATION_FAILED: def(400, 'The request is not valid'),
  BAD_JSON: def(400, 'The request body is not valid JSON'),
  PAYLOAD_TOO_LARGE: def(413, 'The request body is too large'),
  UNSUPPORTED_MEDIA_TYPE: def(415, 'This content type is not accepted here'),
  ROUTE_NOT_FOUND: def(404, 'There is no such API route'),
  NOT_FOUND: def(404, 'Not found'),
  INTERNAL: def(500, 'Internal server error'),
  SHUTTING_DOWN: def(503, 'The server is shutting down'),
  NOT_READY: def(503, 'This server cannot serve now (a database or Redis does not answer)'),

  // Sessions and users (cloud)
  UNAUTHENTICATED: def(401, 'Authentication required'),
  WRONG_CREDENTIALS: def(401, 'Wrong login/password'),
  LOGIN_REQUIRED: def(400, 'Login and password are required!'),
  ACCESS_TOKEN_EXPIRED: def(401, 'Session expired'),
  ACCESS_TOKEN_INVALID: def(401, 'Bad session token'),
  REFRESH_TOKEN_MISSING: def(401, 'No refresh token'),
  REFRESH_TOKEN_INVALID: def(401, 'Failed to refresh token'),
  REFRESH_TOKEN_REUSED: def(
    401,
    'This refresh token was already used; all sessions of this login were ended',
  ),
  RATE_LIMITED: def(429, 'Too many attempts, try again later'),
  USER_EXISTS: def(409, 'A user with this login already exists'),
  FORBIDDEN: def(403, 'Permission denied'),

  // Gateways and their tokens (cloud)
  GATEWAY_NOT_FOUND: def(404, 'Gateway not found'),
  GATEWAY_NAME_BLANK: def(400, "Gateway name can't be blank"),
  GATEWAY_NAME_TOO_LONG: def(400, `Gateway name must be at most ${GATEWAY_LIMITS.nameMaxLength} characters`),
  GATEWAY_DESCRIPTION_TOO_LONG: def(
    400,
    `Gateway description must be at most ${GATEWAY_LIMITS.descriptionMaxLength} characters`,
  ),
  GATEWAY_NAME_TAKEN: def(409, 'You already have a gateway with this name'),
  GATEWAY_TOKEN_INVALID: def(401, 'Unknown or revoked gateway token'),
  GATEWAY_TOKEN_REQUIRED: def(403, 'Only a gateway may call this'),
  USER_TOKEN_REQUIRED: def(403, 'Only a user may call this'),

  // Relay (cloud -> gateway)
  GATEWAY_OFFLINE: def(503, 'Gateway is offline!'),
  RELAY_TIMEOUT: def(504, 'The gateway did not answer in time'),
  RELAY_FORBIDDEN_PATH: def(403, 'This gateway API cannot be called through the cloud'),
  RELAY_FAILED: def(502, 'The gateway failed to run the request'),
  CLOUD_BUSY: def(503, 'The cloud is busy; try again in a moment'),
  COMMAND_NOT_ALLOWED: def(400, 'Command not allowed'),

  // Cloud connection (gateway)
  CLOUD_ACCESS_DENIED: def(401, 'Access denied. Wrong token?'),
  CLOUD_UNAVAILABLE: def(503, 'Cloud is unavailable'),
  CLOUD_NOT_CONFIGURED: def(409, 'The gateway is not logged in to a cloud'),
  CLOUD_CONNECT_FAILED: def(502, 'Failed to connect to the cloud'),

  // Devices (gateway)
  INVALID_DEVICE_ADDRESS: def(400, 'Not valid ip'),
  UNKNOWN_DEVICE: def(404, 'Unknown device!'),
  DEVICE_NOT_SAVED: def(404, 'There is no saved device with this ip'),
  DEVICE_UNREACHABLE: def(502, 'The device is unreachable'),
  DEVICE_TIMEOUT: def(504, 'The device did not answer in time'),
  DEVICE_BAD_ANSWER: def(502, 'The device sent an answer that could not be understood'),
  DEVICE_RESTARTING: def(503, 'The device is restarting; try again when it is back'),
  HOOK_SEMICOLON_UNSUPPORTED: def(
    400,
    "SmartThingLib 1.0 loses or cuts an http hook whose url, method or payload contains ';' when it restarts",
  ),
  UNKNOWN_COMMAND: def(400, 'Unknown device command'),
  DEVICE_OR_NAME_REQUIRED: def(400, "Name and ip can't be blank!"),
  LOG_QUERY_INVALID: def(400, 'Bad log filter'),
  DEVICE_HEARD_NOW: def(409, 'The device is online: it can be forgotten once it is offline'),
  LOGGER_NO_ADDRESS: def(
    409,
    'The device has no log address (laddr) set, so there is no logger to reconnect',
  ),

  // Settings dumps (gateway)
  DUMP_EMPTY: def(400, 'Device settings dump is empty'),
  DUMP_INVALID: def(400, 'This is not a device settings dump'),
  DUMP_NOT_FOUND: def(404, 'Device settings dump not found'),

  // Notifications (gateway)
  NOTIFICATION_DEVICE_REQUIRED: def(400, 'Device info is required!'),
  NOTIFICATION_MESSAGE_REQUIRED: def(400, 'Notification message is required!'),
  NOTIFICATION_NOT_FOUND: def(404, 'Notification not found'),

  // Firmware and OTA (gateway)
  FIRMWARE_NOT_FOUND: def(404, "Can't find firmware info with given id"),
  FIRMWARE_INFO_REQUIRED: def(400, 'Type, board and version params are required!'),
  FIRMWARE_FILE_MISSING: def(400, 'Firmware file is missing!'),
  FIRMWARE_FILE_EMPTY: def(400, 'Firmware file is empty'),
  FIRMWARE_TOO_LARGE: def(413, 'Firmware file is too large'),
  FIRMWARE_DUPLICATE: def(409, 'Duplicate firmware detected'),
  FIRMWARE_CORRUPTED: def(500, 'Firmware file corrupted!'),
  FIRMWARE_BOARD_MISMATCH: def(400, 'Firmware and target device board type are different!'),
  BOARD_NOT_SUPPORTED: def(400, 'This board is not supported'),
  OTA_TASK_NOT_FOUND: def(404, 'Upload task not found'),
  OTA_ALREADY_RUNNING: def(409, 'There is already upload task running for this device'),
  OTA_DEVICE_REQUIRED: def(400, 'Device info missing!'),
  OTA_NOT_ABORTABLE: def(409, 'The firmware is already on the device; the upload can no longer be aborted'),

  // Alerts (gateway and cloud)
  ALERT_CHANNEL_NOT_FOUND: def(404, 'There is no saved alert channel with this id'),
  ALERT_SECRET_REQUIRED: def(
    400,
    "The channel's destination changed: give its secret again (a stored secret is only sent where it was given for)",
  ),
  ALERT_DESTINATION_REFUSED: def(400, 'Alerts may not be sent to this address or port'),
  ALERT_THRESHOLDS_FULL: def(409, 'At most 1000 devices can have their own offline threshold'),
  ALERT_TEST_RUNNING: def(409, 'A test of this channel is already running'),
  ALERT_TEST_LOOP: def(
    508,
    'An alert sender called the alert Test route: the channel points back at a server',
  ),
  FIRMWARE_TYPE_MISMATCH: def(409, 'The firmware is built for another device type'),
  // Rollouts and tags (gateway)
  ROLLOUT_NOT_FOUND: def(404, 'Rollout not found'),
  ROLLOUT_NO_DEVICES: def(400, 'The target matches no device this firmware can update'),
  ROLLOUT_STATE_CONFLICT: def(409, 'The rollout cannot do this in its current state'),
  TAG_UNKNOWN_DEVICE: def(404, 'Tags can only be set on a device the gateway knows (found or saved)'),
  // Backups (gateway)
  BACKUP_ARCHIVE_INVALID: def(400, 'This is not a backup archive made by a gateway'),
  BACKUP_TYPE_MISMATCH: def(400, 'A backup can only be restored to a device of the same type'),
  BACKUP_CLOUD_UNAVAILABLE: def(409, 'The gateway is not connected to a cloud'),
  BACKUP_VERSION_NOT_FOUND: def(404, 'The cloud keeps no backup version with this id for this gateway'),
  // Integrations (gateway)
  MQTT_SETTINGS_FROM_ENV: def(409, 'The MQTT bridge is set by ST_MQTT_URL on the gateway; change it there'),
  // Accounts, shares and audit (cloud)
  ROLE_FORBIDDEN: def(403, 'Your role on this gateway does not allow this'),
  ADMIN_REQUIRED: def(403, 'Only an admin may do this'),
  USER_NOT_FOUND: def(404, 'No user with this login'),
  USER_DISABLED: def(403, 'This account is disabled'),
  SHARE_NOT_FOUND: def(404, 'This gateway is not shared with this user'),
  SHARE_CREATOR: def(409, "The gateway's creator is always an owner"),
  SHARE_EXPIRY_PAST: def(400, 'The expiry must be in the future'),
  SELF_CHANGE_REFUSED: def(409, 'You cannot disable yourself or remove your own admin role'),
  PASSWORD_WRONG: def(400, 'The current password is wrong'),
  INVITE_INVALID: def(400, 'This invite link is not valid or was already used'),
  PASSWORD_CHANGE_REQUIRED: def(
    403,
    'Choose a new password first: the one you signed in with was a one-time password',
  ),
  PASSWORD_NOT_NEW: def(400, 'The new password must differ from the one-time password'),
  INVITE_EXPIRED: def(400, 'This invite link has expired: ask an admin for a new one'),
  INVITE_NOT_PENDING: def(409, 'This user has already set a password: reset it instead'),
  // Security hardening (both servers; gateway-mode sign-in)
  CROSS_SITE_REFUSED: def(403, 'Refused a request from another site'),
  TEXT_CONTROL_CHARACTERS: def(400, TEXT_CONTROL_CHARACTERS_MESSAGE),
  GATEWAY_SIGN_IN_REQUIRED: def(401, 'Sign in to this gateway first'),
  GATEWAY_PASSWORD_WRONG: def(401, 'Wrong password'),
  GATEWAY_PASSWORD_ALREADY_SET: def(409, 'This gateway already has a password'),
  RELAY_TRANSFER_FAILED: def(502, 'A large body could not be carried over the gateway link'),
  // Sign-in beyond the password: API tokens and sessions (cloud)
  API_TOKEN_INVALID: def(401, 'Unknown, expired or revoked API token'),
  API_TOKEN_NOT_ALLOWED: def(403, 'API tokens cannot manage the account or its tokens: sign in instead'),
  API_TOKEN_SCOPE: def(403, "This API token's scope does not allow this"),
  API_TOKEN_NOT_FOUND: def(404, 'No such API token'),
  API_TOKEN_EXPIRY_INVALID: def(400, 'The expiry must be in the future and at most 366 days ahead'),
  API_TOKEN_LIMIT: def(409, 'Too many API tokens: revoke one first'),
  SESSION_NOT_FOUND: def(404, 'No such signed-in session'),
  SECOND_FACTOR_REQUIRED: def(401, 'Enter the code from your authenticator app, or a recovery code'),
  SECOND_FACTOR_ENROL_REQUIRED: def(403, 'A second factor is required: set one up to finish signing in'),
  SECOND_FACTOR_CODE_WRONG: def(401, 'Wrong or already used code'),
  SIGN_IN_PENDING_INVALID: def(401, 'The sign-in has expired: enter your password again'),
  TOTP_ALREADY_ON: def(409, 'The second factor is already on: turn it off first'),
  TOTP_NOT_ENROLLING: def(409, 'Start the set-up first: no secret is waiting for its first code'),
  TOTP_NOT_ON: def(409, 'The second factor is not on'),
  // Passkeys (WebAuthn) and single sign-on (OpenID Connect), cloud
  PASSKEY_NOT_FOUND: def(404, 'No such passkey'),
  PASSKEY_CHALLENGE_INVALID: def(400, 'This passkey request has expired or was already used: try again'),
  PASSKEY_REGISTRATION_FAILED: def(400, 'The passkey could not be registered'),
  PASSKEY_ALREADY_REGISTERED: def(409, 'This passkey is already registered'),
  PASSKEY_LIMIT: def(409, 'Too many passkeys: remove one first'),
  PASSKEY_REJECTED: def(401, 'The passkey was not accepted'),
  SSO_NOT_CONFIGURED: def(404, 'Single sign-on is not set up on this cloud'),
  SSO_PROVIDER_UNREACHABLE: def(502, 'The sign-on provider did not answer: try again later'),
  SSO_FAILED: def(401, 'Single sign-on failed: start again'),
  SSO_EMAIL_UNVERIFIED: def(403, 'Your account at the sign-on provider has no verified e-mail address'),
  SSO_NOT_ALLOWED: def(403, 'Your account at the sign-on provider may not sign in here'),
  SSO_NO_USER: def(403, 'No user here has this e-mail address: ask an administrator to add you'),
  SSO_LINK_NOT_FOUND: def(404, 'No such single sign-on link'),
  SSO_LINKED_ELSEWHERE: def(409, 'This account at the sign-on provider is linked to another user here'),
  SSO_LAST_SIGN_IN: def(
    409,
    'This link is the last way to sign in to this account: set a password, add a passkey or link another first',
  ),
} as const satisfies Record<string, ErrorDef>;

export type ErrorCode = keyof typeof ERROR_CATALOG;
export const ERROR_CODES = Object.keys(ERROR_CATALOG) as ErrorCode[];
export const ErrorCodeSchema = z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]);

export function errorStatus(code: ErrorCode): number {
  return ERROR_CATALOG[code].status;
}

/** One problem of a validation failure: where (path in the input) and what. */
export const ApiIssue = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
});
export type ApiIssue = z.infer<typeof ApiIssue>;

/**
 * The error body of our servers. `code` is a plain string on the wire so an older console still reads a
 * newer server's errors; `isErrorCode` narrows it.
 */
export const ApiErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  issues: z.array(ApiIssue).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CATALOG, code);
}

/** The body for a code, with the catalog message unless a more precise one is given. */
export function apiErrorBody(code: ErrorCode, message?: string, issues?: ApiIssue[]): ApiErrorBody {
  const body: ApiErrorBody = { code, message: message ?? ERROR_CATALOG[code].message };
  if (issues !== undefined) body.issues = issues;
  return body;
}

/** Thrown by handlers and services; the servers' error handler turns it into status + ApiErrorBody. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues: ApiIssue[] | undefined;

  constructor(code: ErrorCode, message?: string, issues?: ApiIssue[]) {
    super(message ?? ERROR_CATALOG[code].message);
    this.name = 'ApiError';
    this.code = code;
    this.status = ERROR_CATALOG[code].status;
    this.issues = issues;
  }

  toBody(): ApiErrorBody {
    return apiErrorBody(this.code, this.message, this.issues);
  }
}

/** Validation issues from a zod error, in the ApiIssue shape. */
export function issuesFromZod(error: z.ZodError): ApiIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.filter((p): p is string | number => typeof p !== 'symbol'),
    message: issue.message,
  }));
}
