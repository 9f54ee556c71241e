import { ApiError, BACKUP_CLOUD_ROUTES, BackupCopy, GATEWAY_TOKEN_HEADER, TIMEOUTS } from '@st/protocol';
import { z } from 'zod';
import { cloudEndpoint } from './cloudApi';

/** The cloud's answer, read one copy at a time: a copy outside the backup limits is left out, not fatal. */
const Copies = z.array(z.unknown());

/** This gateway record's backup copies kept by the cloud (`GET /api/gateway/backups` with the gateway token). */
export async function fetchBackupCopies(cloudUrl: string, token: string): Promise<BackupCopy[]> {
  let res: Response;
  try {
    res = await fetch(cloudEndpoint(cloudUrl, BACKUP_CLOUD_ROUTES['cloud.backups.own'].path), {
      headers: { [GATEWAY_TOKEN_HEADER]: token, accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUTS.relayMs * 4),
    });
  } catch {
    throw new ApiError('CLOUD_UNAVAILABLE');
  }
  if (res.status === 401 || res.status === 403) throw new ApiError('CLOUD_ACCESS_DENIED');
  if (!res.ok) throw new ApiError('CLOUD_UNAVAILABLE');
  const parsed = Copies.safeParse(await res.json().catch(() => undefined));
  if (!parsed.success)
    throw new ApiError('CLOUD_UNAVAILABLE', 'The cloud sent backups that could not be understood');
  return parsed.data.flatMap((item) => {
    const copy = BackupCopy.safeParse(item);
    return copy.success ? [copy.data] : [];
  });
}
