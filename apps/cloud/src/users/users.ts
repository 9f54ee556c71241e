import { randomUUID } from 'node:crypto';
import type { CloudDb } from '../db/connect';
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords';

export interface UserRecord {
  id: string;
  login: string;
}

export class LoginTakenError extends Error {
  constructor(login: string) {
    super(`User "${login}" already exists`);
  }
}

/** Users: created by the CLI or the first-start bootstrap; checked at login. */
export class UserStore {
  constructor(private readonly db: CloudDb) {}

  async create(login: string, password: string): Promise<UserRecord> {
    const existing = await this.findByLogin(login);
    if (existing) throw new LoginTakenError(login);
    const user = { id: randomUUID(), login };
    await this.db
      .insertInto('users')
      .values({ ...user, password_hash: await hashPassword(password), created_at: new Date().toISOString() })
      .execute();
    return user;
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async findByLogin(login: string): Promise<UserRecord | undefined> {
    return this.db.selectFrom('users').select(['id', 'login']).where('login', '=', login).executeTakeFirst();
  }

  async findById(id: string): Promise<UserRecord | undefined> {
    return this.db.selectFrom('users').select(['id', 'login']).where('id', '=', id).executeTakeFirst();
  }

  /** The user when login and password match; undefined otherwise (same work either way). */
  async authenticate(login: string, password: string): Promise<UserRecord | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'login', 'password_hash'])
      .where('login', '=', login)
      .executeTakeFirst();
    const ok = await verifyPassword(password, row?.password_hash ?? DUMMY_HASH);
    return ok && row ? { id: row.id, login: row.login } : undefined;
  }
}
