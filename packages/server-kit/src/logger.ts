import { type Logger, type LoggerOptions, pino } from 'pino';

/** Paths pino blanks out wherever they appear in a log object (request headers, bodies, config). */
export const REDACT_PATHS = [
  'token',
  'password',
  'refreshToken',
  'accessToken',
  'secret',
  'cookie',
  'authorization',
  '*.token',
  '*.password',
  '*.refreshToken',
  '*.accessToken',
  '*.secret',
  '*.cookie',
  '*.authorization',
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["set-cookie"]',
  'req.headers["smartthing-token-gateway"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["smartthing-token-gateway"]',
];

export interface LoggerConfig {
  readonly name: string;
  readonly level?: string;
  /** write to this destination instead of stdout (tests) */
  readonly destination?: NodeJS.WritableStream;
}

export function createLogger(cfg: LoggerConfig): Logger {
  const options: LoggerOptions = {
    name: cfg.name,
    level: cfg.level ?? 'info',
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  };
  return cfg.destination ? pino(options, cfg.destination) : pino(options);
}

export type { Logger } from 'pino';
