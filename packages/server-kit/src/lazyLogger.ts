import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Logger } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger (Fastify's `req.log`) that builds its pino child only when a line is written at an
 * enabled level. Pino's child() serializes (and redacts) the bindings at once: about 3 KiB per request that
 * most requests never use (a relayed call writes no line at the default level). Lines, bindings and levels
 * are the same as the eager child's.
 */
export class LazyChildLogger {
  private real: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly childBindings: Bindings,
  ) {}

  private child_(): Logger {
    this.real ??= this.parent.child(this.childBindings);
    return this.real;
  }

  private write(level: Level, args: unknown[]): void {
    const target = this.real ?? this.parent;
    if (!target.isLevelEnabled(level)) return;
    (this.child_()[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): string {
    return (this.real ?? this.parent).level;
  }

  set level(value: string) {
    this.child_().level = value;
  }

  // On the prototype, not per instance: a request that logs nothing allocates this object only.
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.child_().child(bindings, options as Parameters<Logger['child']>[1]);
  }

  isLevelEnabled(level: string): boolean {
    return (this.real ?? this.parent).isLevelEnabled(level);
  }

  bindings(): Bindings {
    return this.real ? this.real.bindings() : { ...this.parent.bindings(), ...this.childBindings };
  }

  /** Fastify's childLoggerFactory: lazy unless the route asks for its own level or serializers. */
  static factory(
    this: unknown,
    logger: FastifyBaseLogger,
    bindings: Bindings,
    opts: ChildLoggerOptions,
  ): FastifyBaseLogger {
    if (Object.keys(opts).length > 0) return logger.child(bindings, opts);
    // createHttpApp's logger is pino's (HttpAppOptions.logger)
    return new LazyChildLogger(logger as Logger, bindings) as unknown as FastifyBaseLogger;
  }
}
