import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, parseConfig } from '@st/server-kit';
import { describe, expect, it } from 'vitest';
import { GATEWAY_CONFIG_KEYS, GatewayConfigSchema } from './config';

const here = import.meta.dirname;
const envExample = readFileSync(join(here, '..', '.env.example'), 'utf8');
const readme = readFileSync(join(here, '..', 'README.md'), 'utf8');

/** Settings the example names only in a comment (`# ST_X=`): unset by default, e.g. a password. */
function commentedInExample(): string[] {
  return [...envExample.matchAll(/^# (ST_[A-Z_]+)=/gm)].map((m) => m[1] ?? '');
}

function exampleEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of envExample.split('\n')) {
    const m = /^(ST_[A-Z_]+)=(.*)$/.exec(line);
    if (m?.[1]) env[m[1]] = m[2] ?? '';
  }
  return env;
}

describe('gateway config', () => {
  it('.env.example and the README name every setting, and the example parses to the defaults', () => {
    const documented = Object.values(GATEWAY_CONFIG_KEYS).filter((k) => k !== 'ST_BUILD_TIME');
    expect([...Object.keys(exampleEnv()), ...commentedInExample()].sort()).toEqual([...documented].sort());
    for (const name of Object.values(GATEWAY_CONFIG_KEYS)) expect(readme).toContain(`\`${name}\``);
    const fromExample = parseConfig(GatewayConfigSchema, {
      keys: GATEWAY_CONFIG_KEYS,
      env: exampleEnv(),
      argv: [],
    });
    const defaults = parseConfig(GatewayConfigSchema, { keys: GATEWAY_CONFIG_KEYS, env: {}, argv: [] });
    expect(fromExample).toEqual(defaults);
  });

  it('lists every bad setting at once', () => {
    try {
      parseConfig(GatewayConfigSchema, {
        keys: GATEWAY_CONFIG_KEYS,
        env: { ST_PORT: '70000', ST_MULTICAST_IF: 'eth0' },
        argv: ['--log-retention', '0', '--trust-beacon-address', 'perhaps'],
      });
      expect.unreachable('config should be refused');
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const text = e instanceof ConfigError ? e.problems.join('\n') : '';
      for (const name of ['ST_PORT', 'ST_MULTICAST_IF', 'ST_LOG_RETENTION', 'ST_TRUST_BEACON_ADDRESS']) {
        expect(text).toContain(name);
      }
    }
  });
});
