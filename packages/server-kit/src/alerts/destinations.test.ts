import { type AlertChannel, ApiError } from '@st/protocol';
import { describe, expect, it } from 'vitest';
import { nonPublicRange } from './addresses';
import { AlertDestinationError, parseAlertAllowList, publicDestinations } from './destinations';
import { mergeSecrets } from './secrets';

describe('addresses alerts from a public server must not reach', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast, unspecified and metadata ranges, any spelling', () => {
    const refused = [
      '127.0.0.1',
      '127.255.0.9',
      '0.0.0.0',
      '10.1.2.3',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.100.100.200',
      '192.0.0.192',
      '224.0.0.251',
      '255.255.255.255',
      '::',
      '::1',
      '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '[::ffff:10.0.0.1]',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      'fd00:ec2::254',
      'fc00::1',
      'fe80::1%eth0',
      'ff02::1',
      '::127.0.0.1',
    ];
    for (const a of refused) expect(nonPublicRange(a), a).toBeDefined();
    for (const a of [
      '8.8.8.8',
      '93.184.215.14',
      '1.1.1.1',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
      '2002:808:808::',
    ])
      expect(nonPublicRange(a), a).toBeUndefined();
  });

  it('reads allow-list entries: names, addresses and networks, each with an optional port', () => {
    const { entries, bad } = parseAlertAllowList(
      'hooks.lan, smtp.lan:2525 10.0.0.0/8,127.0.0.1:9000 [::1]:8080 fd00::/8 192.168.1.5',
    );
    expect(bad).toEqual([]);
    expect(entries.map((e) => [e.kind, e.port])).toEqual([
      ['name', undefined],
      ['name', 2525],
      ['net', undefined],
      ['net', 9000],
      ['net', 8080],
      ['net', undefined],
      ['net', undefined],
    ]);
    expect(parseAlertAllowList('ok.lan, bad_host, 10.0.0.0/33, x:0, x:99999, a:b:c, http://x').bad).toEqual([
      'bad_host',
      '10.0.0.0/33',
      'x:0',
      'x:99999',
      'a:b:c',
      'http://x',
    ]);
  });

  it('resolves once, checks every address, and lets the allow-list open a host, a port or a network', async () => {
    const answers: Record<string, string[]> = {
      'public.example': ['93.184.215.14'],
      'mixed.example': ['93.184.215.14', '10.0.0.7'],
      'internal.example': ['127.0.0.1'],
    };
    const lookups: string[] = [];
    const lookup = async (host: string) => {
      lookups.push(host);
      return (answers[host] ?? []).map((address) => ({ address, family: 4 as const }));
    };
    const strict = publicDestinations([], lookup);
    const http = (host: string, port = 443) => ({ host, port, service: 'http' as const });
    expect(await strict.resolve(http('public.example'))).toEqual({ address: '93.184.215.14', family: 4 });
    expect(lookups).toEqual(['public.example']);
    for (const t of [http('mixed.example'), http('internal.example'), http('public.example', 6379)])
      await expect(strict.resolve(t)).rejects.toMatchObject({ reason: 'refused' });
    await expect(strict.resolve(http('nowhere.example'))).rejects.toMatchObject({ reason: 'unresolved' });
    await expect(strict.vet(http('127.0.0.1', 80))).rejects.toBeInstanceOf(AlertDestinationError);
    await expect(strict.vet(http('public.example', 22))).rejects.toBeInstanceOf(AlertDestinationError);
    // names are checked when sending: at save time only their port can be refused
    await expect(strict.vet(http('internal.example'))).resolves.toBeUndefined();

    const open = publicDestinations(
      parseAlertAllowList('internal.example:9000, 10.0.0.0/8, 93.184.215.14:6379').entries,
      lookup,
    );
    await expect(open.resolve(http('internal.example', 9000))).resolves.toMatchObject({
      address: '127.0.0.1',
    });
    await expect(open.resolve(http('internal.example', 9001))).rejects.toMatchObject({ reason: 'refused' });
    await expect(open.resolve(http('mixed.example'))).resolves.toBeDefined();
    await expect(open.resolve(http('10.1.1.1', 5432))).resolves.toMatchObject({ address: '10.1.1.1' });
    await expect(open.resolve(http('public.example', 6379))).resolves.toBeDefined();
    await expect(open.resolve(http('public.example', 6380))).rejects.toMatchObject({ reason: 'refused' });
  });

  it('checks what the system resolver makes of numeric spellings of loopback in an SMTP host', async () => {
    const strict = publicDestinations([]);
    for (const host of ['2130706433', '0x7f.0.0.1', '127.1', 'localhost'])
      await expect(strict.resolve({ host, port: 25, service: 'smtp' }), host).rejects.toMatchObject({
        reason: 'refused',
      });
  });
});

describe('a stored secret stays with its destination', () => {
  const stored: AlertChannel[] = [
    { id: 'hook', type: 'webhook', url: 'https://hooks.example/a', secret: 's1' },
    { id: 'phone', type: 'ntfy', url: 'https://ntfy.sh', topic: 't', token: 'tk' },
    {
      id: 'mail',
      type: 'email',
      host: 'smtp.example',
      port: 587,
      secure: false,
      user: 'me',
      password: 'pw',
      allowInsecureLogin: false,
      from: 'a@example.com',
      to: ['b@example.com'],
    },
  ];
  const withoutSecrets = (c: AlertChannel): AlertChannel => {
    if (c.type === 'webhook') return { id: c.id, type: c.type, url: c.url };
    if (c.type === 'ntfy') return { id: c.id, type: c.type, url: c.url, topic: c.topic };
    const { password: _, ...rest } = c;
    return rest;
  };
  const code = (fn: () => unknown) => {
    try {
      fn();
      return 'ok';
    } catch (err) {
      return err instanceof ApiError ? err.code : String(err);
    }
  };

  it('keeps it for the same destination (other fields may change), refuses to move it anywhere else', () => {
    const same = stored.map(withoutSecrets);
    expect(mergeSecrets(same, stored)).toEqual(stored);
    const [hook, phone, mail] = same as [AlertChannel, AlertChannel, AlertChannel & { type: 'email' }];
    expect(code(() => mergeSecrets([{ ...phone, topic: 'other' } as AlertChannel], stored))).toBe('ok');
    expect(code(() => mergeSecrets([{ ...mail, to: ['c@example.com'], secure: true }], stored))).toBe('ok');
    expect(code(() => mergeSecrets([{ ...mail, host: 'SMTP.example.' }], stored))).toBe('ok');
    for (const moved of [
      { ...hook, url: 'https://evil.example/a' },
      { ...phone, url: 'http://ntfy.sh' },
      { ...phone, url: 'https://ntfy.sh.evil.example' },
      { ...mail, host: 'evil.example' },
      { ...mail, port: 2525 },
      { ...mail, user: 'other' },
      { ...mail, allowInsecureLogin: true },
    ] as AlertChannel[])
      expect(
        code(() => mergeSecrets([moved], stored)),
        JSON.stringify(moved),
      ).toBe('ALERT_SECRET_REQUIRED');
    // given again, or cleared: anywhere
    expect(mergeSecrets([{ ...mail, host: 'evil.example', password: 'pw2' }], stored)[0]).toMatchObject({
      password: 'pw2',
    });
    expect(
      mergeSecrets([{ ...phone, url: 'https://evil.example', token: '' } as AlertChannel], stored)[0],
    ).not.toHaveProperty('token');
  });
});
