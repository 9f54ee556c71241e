import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLOUD_CONFIG_KEYS, CloudConfig } from './config';

const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');

describe('cloud settings', () => {
  it('names every setting in .env.example and the README', () => {
    const env = read('../.env.example');
    const readme = read('../README.md');
    const vars = Object.values(CLOUD_CONFIG_KEYS);
    expect(vars.filter((v) => !new RegExp(`^#? ?${v}=`, 'm').test(env))).toEqual([]);
    expect(vars.filter((v) => !readme.includes(`\`${v}\``))).toEqual([]);
  });

  it('turns single sign-on on only with a client, the public URL and a domain or claim rule', () => {
    const bad = CloudConfig.safeParse({ oidcIssuer: 'https://id.example.com' });
    expect(bad.success).toBe(false);
    const paths = bad.error?.issues.map((i) => i.path.join('.')).sort();
    expect(paths).toEqual(['oidcAllowedDomains', 'oidcClientId', 'publicUrl']);
    const good = CloudConfig.parse({
      oidcIssuer: 'https://id.example.com',
      oidcClientId: 'cloud',
      publicUrl: 'https://cloud.example.com/',
      oidcAllowedDomains: ' Example.com, @example.org ,',
    });
    expect(good.oidcAllowedDomains).toEqual(['example.com', 'example.org']);
    expect(good.oidcCreateUsers).toBe(false);
    expect(CloudConfig.safeParse({ publicUrl: 'ftp://x' }).success).toBe(false);
    expect(CloudConfig.safeParse({ oidcRequiredClaim: 'groups' }).success).toBe(false);
  });
});
