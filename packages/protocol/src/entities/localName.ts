import { z } from 'zod';
import { plainName } from '../text';

// The gateway's local name (issue 17, defect 11): what the console's header and browser title show in
// gateway mode before (or without) a cloud link. Defaults to the host name. GET/PUT /api/gateway/name.

export const LOCAL_NAME_MAX_LENGTH = 64;

export const LocalGatewayName = plainName(
  z
    .string()
    .trim()
    .min(1, "Gateway name can't be blank")
    .max(LOCAL_NAME_MAX_LENGTH, `Gateway name must be at most ${LOCAL_NAME_MAX_LENGTH} characters`),
);

export const LocalGatewayNameBody = z.object({ name: LocalGatewayName });
export type LocalGatewayNameBody = z.infer<typeof LocalGatewayNameBody>;
