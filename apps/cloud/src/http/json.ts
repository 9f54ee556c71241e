import { ApiError } from '@st/protocol';
import type { HttpApp } from '@st/server-kit';

/**
 * JSON bodies, where an empty body counts as no body (clients that always send `content-type: application/json`,
 * even on a bodiless POST, are not refused); anything else must be valid JSON (400 BAD_JSON).
 */
export function acceptEmptyJson(app: HttpApp): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ApiError('BAD_JSON'), undefined);
    }
  });
}
