import {
  ApiError,
  type ApiIssue,
  apiErrorBody,
  ERROR_CATALOG,
  ERROR_CODES,
  type ErrorCode,
  issuesFromZod,
} from '@st/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';

function summary(issues: readonly ApiIssue[]): string {
  const first = issues[0];
  if (!first) return 'The request is not valid';
  const where = first.path.join('.');
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return `${where ? `${where}: ` : ''}${first.message}${more}`;
}

/** Catalog codes of 400 answers by their message, so a schema rule written with a catalog message
 * (e.g. the gateway name limit) answers with that code, which the console translates. */
const CODE_BY_MESSAGE: ReadonlyMap<string, ErrorCode> = new Map(
  ERROR_CODES.filter((code) => ERROR_CATALOG[code].status === 400 && code !== 'VALIDATION_FAILED').map(
    (code) => [ERROR_CATALOG[code].message, code],
  ),
);

function validationBody(issues: ApiIssue[]) {
  const only = issues.length === 1 ? issues[0] : undefined;
  const code = only ? CODE_BY_MESSAGE.get(only.message) : undefined;
  return code
    ? apiErrorBody(code, only?.message, issues)
    : apiErrorBody('VALIDATION_FAILED', summary(issues), issues);
}

/** Fastify's own request errors (bad JSON, body too large, wrong content type) by their code. */
const FASTIFY_CODES: Readonly<Record<string, ErrorCode>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
};

function clientStatus(err: unknown): number | undefined {
  if (!(err instanceof Error) || !('statusCode' in err) || typeof err.statusCode !== 'number')
    return undefined;
  return err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : undefined;
}

function fastifyCode(err: Error): ErrorCode {
  const code = 'code' in err && typeof err.code === 'string' ? err.code : '';
  return FASTIFY_CODES[code] ?? 'VALIDATION_FAILED';
}

/**
 * Installs the error and not-found handlers. Every error body is the protocol's `{code, message, issues?}`:
 * validation -> 400 with the issues; ApiError -> its catalog status; Fastify's own 4xx (bad JSON, body too
 * large, wrong content type) -> that status; anything else -> 500 without internals (logged).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof ApiError) return reply.code(err.status).send(err.toBody());
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'request';
      const issues: ApiIssue[] = err.validation.map((v) => ({
        path: [where, ...String(v.instancePath).split('/').filter(Boolean)],
        message: v.message ?? 'invalid',
      }));
      return reply.code(400).send(validationBody(issues));
    }
    if (err instanceof ZodError) {
      return reply.code(400).send(validationBody(issuesFromZod(err)));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
      return reply.code(500).send(apiErrorBody('INTERNAL'));
    }
    const status = clientStatus(err);
    if (status !== undefined && err instanceof Error) {
      return reply.code(status).send(apiErrorBody(fastifyCode(err), err.message));
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send(apiErrorBody('INTERNAL'));
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? req.url;
    return reply.code(404).send(apiErrorBody('ROUTE_NOT_FOUND', `No route ${req.method} ${path}`));
  });
}
