import { base64ToText, utf8ToBase64 } from './base64';
import { CONNECTION_TOKEN_SEPARATOR } from './limits';
import { fail, ok, type Result } from './result';

// The connection token a cloud user pastes into a gateway: base64 of `cloudUrl|token` (spec section 3).
// Exactly two parts, both non-empty; anything else is rejected with a reason a person can act on.

export interface ConnectionToken {
  cloudUrl: string;
  token: string;
}

export function encodeConnectionToken({ cloudUrl, token }: ConnectionToken): Result<string> {
  if (cloudUrl.trim() === '') return fail('The cloud URL is empty');
  if (token.trim() === '') return fail('The token is empty');
  if (cloudUrl.includes(CONNECTION_TOKEN_SEPARATOR)) return fail('The cloud URL must not contain "|"');
  if (token.includes(CONNECTION_TOKEN_SEPARATOR)) return fail('The token must not contain "|"');
  return ok(utf8ToBase64(`${cloudUrl}${CONNECTION_TOKEN_SEPARATOR}${token}`));
}

export function decodeConnectionToken(text: string): Result<ConnectionToken> {
  if (text.trim() === '') return fail('The connection token is empty');
  const decoded = base64ToText(text);
  if (decoded === undefined) return fail('The connection token is not valid base64');
  const parts = decoded.split(CONNECTION_TOKEN_SEPARATOR);
  if (parts.length !== 2) {
    return fail(
      `The connection token must hold a cloud URL and a token separated by "|" (found ${parts.length} parts)`,
    );
  }
  const [cloudUrl = '', token = ''] = parts;
  if (cloudUrl.trim() === '') return fail('The cloud URL in the connection token is empty');
  if (token.trim() === '') return fail('The token in the connection token is empty');
  return ok({ cloudUrl, token });
}
