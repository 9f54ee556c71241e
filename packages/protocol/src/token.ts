import { base64ToText, utf8ToBase64 } from './base64';
import { type ParseResult, parsed, rejected } from './device/index';
import { CONNECTION_TOKEN_SEPARATOR } from './limits';

// The connection token a cloud user pastes into a gateway: base64 of `cloudUrl|token` (spec section 3).
// Exactly two parts, both non-empty; anything else is rejected with a reason a person can act on.

export interface ConnectionToken {
  cloudUrl: string;
  token: string;
}

export function encodeConnectionToken({ cloudUrl, token }: ConnectionToken): ParseResult<string> {
  if (cloudUrl.trim() === '') return rejected('The cloud URL is empty');
  if (token.trim() === '') return rejected('The token is empty');
  if (cloudUrl.includes(CONNECTION_TOKEN_SEPARATOR)) return rejected('The cloud URL must not contain "|"');
  if (token.includes(CONNECTION_TOKEN_SEPARATOR)) return rejected('The token must not contain "|"');
  return parsed(utf8ToBase64(`${cloudUrl}${CONNECTION_TOKEN_SEPARATOR}${token}`));
}

export function decodeConnectionToken(text: string): ParseResult<ConnectionToken> {
  if (text.trim() === '') return rejected('The connection token is empty');
  const decoded = base64ToText(text);
  if (decoded === undefined) return rejected('The connection token is not valid base64');
  const parts = decoded.split(CONNECTION_TOKEN_SEPARATOR);
  if (parts.length !== 2) {
    return rejected(
      `The connection token must hold a cloud URL and a token separated by "|" (found ${parts.length} parts)`,
    );
  }
  const [cloudUrl = '', token = ''] = parts;
  if (cloudUrl.trim() === '') return rejected('The cloud URL in the connection token is empty');
  if (token.trim() === '') return rejected('The token in the connection token is empty');
  return parsed({ cloudUrl, token });
}
