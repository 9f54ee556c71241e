import { z } from 'zod';
import { AppMode } from '../runtime';
import { DateTime } from './common';

/** `GET /api/build` of the gateway and of the cloud. */
export const BuildInfo = z.object({ version: z.string(), buildTime: DateTime, mode: AppMode });
export type BuildInfo = z.infer<typeof BuildInfo>;
