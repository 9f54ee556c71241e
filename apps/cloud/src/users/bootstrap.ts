import type { Logger } from '@st/server-kit';
import type { UserStore } from './users';

/** On an empty database, creates the first user from ST_ADMIN_LOGIN / ST_ADMIN_PASSWORD (once across nodes). */
export async function bootstrapAdmin(
  users: UserStore,
  login: string,
  password: string | undefined,
  logger: Logger,
): Promise<void> {
  if ((await users.count()) > 0) return;
  if (!password) {
    logger.warn(
      'no users yet: set ST_ADMIN_PASSWORD (and ST_ADMIN_LOGIN) or run `npm run cloud -- users add <login>`',
    );
    return;
  }
  try {
    await users.create(login, password);
  } catch (err) {
    // Several nodes starting at once on an empty database: one of them creates the user, the others find it.
    if ((await users.count()) > 0) return;
    throw err;
  }
  logger.info({ login }, 'created the first user from ST_ADMIN_LOGIN');
}
