import { hostname } from 'node:os';
import { LOCAL_NAME_MAX_LENGTH, LocalGatewayName } from '@st/protocol';
import type { Db } from '../../db/database';

/** The host name as a valid local name (trimmed to the limit; 'SmartThing gateway' when it is unusable). */
export function defaultLocalName(host = hostname()): string {
  const parsed = LocalGatewayName.safeParse(host.slice(0, LOCAL_NAME_MAX_LENGTH));
  return parsed.success ? parsed.data : 'SmartThing gateway';
}

/** The gateway's local name (issue 17, defect 11), one row in SQLite; the host name until someone sets one. */
export class LocalName {
  constructor(
    private readonly db: Db,
    private readonly fallback: string = defaultLocalName(),
  ) {}

  get(): string {
    const row = this.db.prepare('SELECT name FROM gateway_name WHERE id = 1').get() as
      | { name: string }
      | undefined;
    return row?.name ?? this.fallback;
  }

  /** Stores a name the route already parsed (trimmed, 1..64 characters, no control characters). */
  set(name: string): string {
    this.db
      .prepare(
        `INSERT INTO gateway_name (id, name, updated_at) VALUES (1, ?, ?)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at`,
      )
      .run(name, Date.now());
    return name;
  }
}
