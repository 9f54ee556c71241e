import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';

/** An error our servers answer on purpose: `{code, message, ...extra}` with `statusCode`. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** One problem of a validation error, as the console shows it. */
export interface IssueBody {
  readonly path: string;
  readonly message: string;
}

export interface ErrorHandlingOptions {
  /** code for request validation failures (400) */
  readonly validationCode?: string;
  /** code for unknown failures (500); their details are only logged */
  readonly internalCode?: string;
  /** code for unknown routes (404) */
  readonly notFoundCode?: string;
}

function issuesOfZod(err: ZodError): IssueBody[] {
  return err.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

function summary(issues: readonly IssueBody[]): string {
  const first = issues[0];
  if (!first) return 'Invalid request';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return `${first.path ? `${first.path}: ` : ''}${first.message}${more}`;
}

function isFastifyError(err: unknown): err is FastifyError {
  return err instanceof Error && 'statusCode' in err && typeof err.statusCode === 'number';
}

/**
 * Installs the error and not-found handlers: validation -> 400 {code, message, issues}; ApiError -> its
 * status; Fastify's own 4xx (bad JSON, body too large, wrong content type) -> that status with its message;
 * anything else -> 500 without internals (logged).
 */
export function registerErrorHandling(app: FastifyInstance, opts: ErrorHandlingOptions = {}): void {
  const validationCode = opts.validationCode ?? 'VALIDATION_FAILED';
  const internalCode = opts.internalCode ?? 'INTERNAL_ERROR';
  const notFoundCode = opts.notFoundCode ?? 'NOT_FOUND';

  app.setErrorHandler((err: unknown, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof ApiError) {
      return reply.code(err.statusCode).send({ ...err.extra, code: err.code, message: err.message });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'request';
      const issues = err.validation.map((v) => ({
        path: [where, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'invalid',
      }));
      return reply.code(400).send({ code: validationCode, message: summary(issues), issues });
    }
    if (err instanceof ZodError) {
      const issues = issuesOfZod(err);
      return reply.code(400).send({ code: validationCode, message: summary(issues), issues });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({ code: internalCode, message: 'Internal server error' });
    }
    if (
      isFastifyError(err) &&
      err.statusCode !== undefined &&
      err.statusCode >= 400 &&
      err.statusCode < 500
    ) {
      return reply.code(err.statusCode).send({ code: err.code ?? validationCode, message: err.message });
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send({ code: internalCode, message: 'Internal server error' });
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? req.url;
    return reply.code(404).send({ code: notFoundCode, message: `No route ${req.method} ${path}` });
  });
}
