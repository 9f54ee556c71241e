import { createInterface } from 'node:readline';
import { LoginTakenError, type UserStore } from './users';

/** Reads a password from the terminal without echoing it (or one line from a pipe). */
export function promptPassword(question: string): Promise<string> {
  process.stdout.write(question);
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    return new Promise((resolve) => {
      const rl = createInterface({ input: stdin, terminal: false });
      rl.once('line', (line) => {
        resolve(line);
        rl.close();
      });
      rl.once('close', () => resolve(''));
    });
  }
  return new Promise((resolve) => {
    let value = '';
    stdin.setRawMode(true);
    stdin.resume();
    const onData = (buf: Buffer) => {
      for (const ch of buf.toString('utf8')) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stdout.write('\n');
          resolve(value);
          return;
        }
        if (ch === '\u0003') process.exit(130);
        value = ch === '\u007f' ? value.slice(0, -1) : value + ch;
      }
    };
    stdin.on('data', onData);
  });
}

export interface UsersCliIo {
  password: () => Promise<string>;
  print: (line: string) => void;
}

/** `users add <login>`: returns the exit status. */
export async function runUsersCli(
  args: readonly string[],
  users: UserStore,
  io: UsersCliIo,
): Promise<number> {
  const [sub, login] = args;
  if (sub !== 'add' || !login || login.trim() === '') {
    io.print('usage: cloud users add <login>   (password from ST_PASSWORD or a prompt)');
    return 2;
  }
  const password = await io.password();
  if (password.length < 8) {
    io.print('The password must be at least 8 characters.');
    return 1;
  }
  try {
    const user = await users.create(login.trim(), password);
    io.print(`Created user "${user.login}" (${user.id}).`);
    return 0;
  } catch (e) {
    if (e instanceof LoginTakenError) {
      io.print(e.message);
      return 1;
    }
    throw e;
  }
}
