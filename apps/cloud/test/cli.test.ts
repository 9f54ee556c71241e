import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, startCloud, type TestCloud, testStorage } from './helpers';

const MAIN = new URL('../src/main.ts', import.meta.url).pathname;

function cloudCli(args: string[], env: Record<string, string>, input?: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    env: { ...process.env, ST_LOG_LEVEL: 'silent', ...env },
    input: input ?? '',
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('cloud users add', () => {
  let storage: Awaited<ReturnType<typeof testStorage>>;
  let dataDir: string;
  let cloud: TestCloud | undefined;

  beforeAll(async () => {
    storage = await testStorage('sqlite');
    dataDir = storage.overrides.dataDir ?? '';
  });
  afterAll(async () => {
    await cloud?.stop();
    await storage?.stop();
  });

  it('creates users from ST_PASSWORD or a piped prompt, refuses duplicates and short passwords', () => {
    const first = cloudCli(['users', 'add', 'carol'], {
      ST_DATA_DIR: dataDir,
      ST_PASSWORD: 'carol-password',
    });
    expect(first.status, first.stderr + first.stdout).toBe(0);
    expect(first.stdout).toContain('Created user "carol"');
    const prompted = cloudCli(['users', 'add', 'dave'], { ST_DATA_DIR: dataDir }, 'dave-password\n');
    expect(prompted.status, prompted.stderr).toBe(0);
    const again = cloudCli(['users', 'add', 'carol'], { ST_DATA_DIR: dataDir, ST_PASSWORD: 'another-one' });
    expect(again.status).toBe(1);
    expect(again.stdout).toContain('already exists');
    const short = cloudCli(['users', 'add', 'erin'], { ST_DATA_DIR: dataDir, ST_PASSWORD: 'short' });
    expect(short.status).toBe(1);
    const usage = cloudCli(['users'], { ST_DATA_DIR: dataDir });
    expect(usage.status).toBe(2);
    // five CLI processes one after another, each starting Node and tsx: slow on a loaded machine
  }, 90_000);

  it('lets the created users sign in to the cloud', async () => {
    cloud = await startCloud({ dataDir });
    expect(
      (
        await new Browser(cloud.url).call('POST', '/api/auth/user', {
          login: 'carol',
          password: 'carol-password',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await new Browser(cloud.url).call('POST', '/api/auth/user', {
          login: 'dave',
          password: 'dave-password',
        })
      ).status,
    ).toBe(200);
  });

  it('stops at start with every configuration problem listed', () => {
    const r = cloudCli([], { ST_DATA_DIR: dataDir, ST_PORT: 'nope', DATABASE_URL: 'mysql://x' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('ST_PORT');
    expect(r.stderr).toContain('DATABASE_URL');
  });
});
