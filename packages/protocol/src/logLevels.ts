import { z } from 'zod';

// Device log levels (spec section 9). Devices send the number on the wire; our servers and the console use
// the name. The numbers follow slf4j, as the original gateway did.
export const LOG_LEVELS = { TRACE: 0, DEBUG: 10, INFO: 20, WARN: 30, ERROR: 40 } as const;

export const LogLevelName = z.enum(['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR']);
export type LogLevelName = z.infer<typeof LogLevelName>;

/** Every level name, lowest first (for filter pickers). */
export const LOG_LEVEL_NAMES: readonly LogLevelName[] = LogLevelName.options;

export function logLevelValue(name: LogLevelName): number {
  return LOG_LEVELS[name];
}

/** The name of a wire level number, or undefined for a number no level has. */
export function logLevelFromValue(value: number): LogLevelName | undefined {
  return LOG_LEVEL_NAMES.find((name) => LOG_LEVELS[name] === value);
}

/** Whether a message of `level` passes a "minimum level" filter (no filter passes everything). */
export function meetsMinimumLevel(level: LogLevelName, minimum: LogLevelName | undefined): boolean {
  return minimum === undefined || LOG_LEVELS[level] >= LOG_LEVELS[minimum];
}
