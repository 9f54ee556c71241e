import { type CloudConfig, storageTarget } from '../config';
import { openDatabase } from '../db/connect';
import { promptPassword, runUsersCli } from './cli';
import { UserStore } from './users';

/** `cloud users ...` against the configured database (SQLite file or DATABASE_URL). Returns the exit status. */
export async function runUsersCommand(config: CloudConfig, args: readonly string[]): Promise<number> {
  const db = await openDatabase(storageTarget(config));
  try {
    return await runUsersCli(args, new UserStore(db), {
      password: async () => process.env.ST_PASSWORD ?? (await promptPassword('Password: ')),
      print: (line) => process.stdout.write(`${line}\n`),
    });
  } finally {
    await db.destroy();
  }
}
