import { z } from 'zod';
import { Id } from './common';

// A module of its own (issue 21): notifications name their gateway with it, and the console's first screens
// show notifications; in ./cloud.ts it brought the cloud's session and account schemas along (the bundler
// places a whole module where its first user is).

/** A gateway as messages name it (events, notifications, the gateway's cloud identity). */
export const GatewayRef = z.object({ id: Id, name: z.string(), description: z.string() });
export type GatewayRef = z.infer<typeof GatewayRef>;
