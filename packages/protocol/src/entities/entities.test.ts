import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GatewayCreateRequest, UserLoginRequest } from './cloud';
import { CloudLoginPayload } from './cloudLink';
import { DeviceAddress } from './common';
import { ConnectionStatus, canDisconnect, canReconnect } from './connection';
import { CommandsQuery, LogsQuery } from './devices';
import { canAbortOta, isOtaStatusFinal } from './ota';
import { RelayRequest } from './relay';
import { OtaUploadStatus } from './streamed';

function firstMessage(result: {
  success: boolean;
  error?: { issues: { message: string }[] };
}): string | undefined {
  return result.error?.issues[0]?.message;
}

describe('gateway name rules (spec section 5)', () => {
  it('refuses a blank name with a message saying so', () => {
    expect(firstMessage(GatewayCreateRequest.safeParse({ name: '   ', description: '' }))).toBe(
      "Gateway name can't be blank",
    );
  });

  it('accepts 32 characters and refuses 33, naming the limit', () => {
    expect(GatewayCreateRequest.safeParse({ name: 'x'.repeat(32) }).success).toBe(true);
    expect(firstMessage(GatewayCreateRequest.safeParse({ name: 'x'.repeat(33) }))).toContain('32');
  });

  it('trims the name and defaults the description to empty', () => {
    expect(GatewayCreateRequest.parse({ name: '  Home ' })).toEqual({ name: 'Home', description: '' });
  });
});

describe('login', () => {
  it.each([{}, { login: 'a' }, { login: '', password: 'p' }, { login: 'a', password: '' }])(
    'answers "Login and password are required!" for %j',
    (body) => {
      expect(firstMessage(UserLoginRequest.safeParse(body))).toBe('Login and password are required!');
    },
  );
});

describe('cloud login payload', () => {
  it('accepts an http(s) cloud URL with a token', () => {
    expect(CloudLoginPayload.safeParse({ cloudUrl: 'https://cloud.example/x/', token: 't' }).success).toBe(
      true,
    );
  });

  it.each([
    { cloudUrl: 'ftp://cloud', token: 't' },
    { cloudUrl: 'not a url', token: 't' },
    { cloudUrl: 'http://cloud', token: ' ' },
  ])('refuses %j', (body) => {
    expect(CloudLoginPayload.safeParse(body).success).toBe(false);
  });
});

describe('device addresses', () => {
  it.each(['192.168.1.5', '127.0.0.1:8080', '10.0.0.255', '1.2.3.4:65535'])('accepts %s', (address) => {
    expect(DeviceAddress.safeParse(address).success).toBe(true);
  });

  it.each(['', '256.1.1.1', '1.2.3', '1.2.3.4:0', '1.2.3.4:65536', 'lamp', '1.2.3.4/5', '01.2.3.4x'])(
    'refuses %j with "Not valid ip"',
    (address) => {
      expect(firstMessage(DeviceAddress.safeParse(address))).toBe('Not valid ip');
    },
  );

  it('accepts every dotted quad with and without a port', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(
        fc.tuple(octet, octet, octet, octet),
        fc.option(fc.integer({ min: 1, max: 65535 })),
        (q, port) => {
          const text = q.join('.') + (port === null ? '' : `:${port}`);
          expect(DeviceAddress.parse(text)).toBe(text);
        },
      ),
    );
  });
});

describe('logs query', () => {
  it('reads the query string as the gateway receives it', () => {
    expect(LogsQuery.parse({ device: 'lamp', level: 'WARN', limit: '50' })).toEqual({
      device: 'lamp',
      level: 'WARN',
      limit: 50,
    });
  });

  it('refuses an unknown level and a limit out of range', () => {
    expect(LogsQuery.safeParse({ level: 'LOUD' }).success).toBe(false);
    expect(LogsQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(LogsQuery.safeParse({ limit: '1000000' }).success).toBe(false);
  });
});

describe('commands listing query', () => {
  it('needs a name or an ip', () => {
    expect(firstMessage(CommandsQuery.safeParse({ name: ' ', ip: '' }))).toBe("Name and ip can't be blank!");
    expect(CommandsQuery.safeParse({ ip: '127.0.0.2' }).success).toBe(true);
  });
});

describe('relay request', () => {
  it('only reaches the gateway API', () => {
    expect(RelayRequest.safeParse({ url: '/api/devices/found', method: 'GET' }).success).toBe(true);
    expect(RelayRequest.safeParse({ url: 'http://evil/api/x', method: 'GET' }).success).toBe(false);
    expect(RelayRequest.safeParse({ url: '/admin', method: 'GET' }).success).toBe(false);
    expect(RelayRequest.safeParse({ url: '/api/x', method: 'PATCH' }).success).toBe(false);
  });
});

describe('state helpers', () => {
  it('offers Reconnect and Disconnect as the spec says', () => {
    const reconnect = ConnectionStatus.options.filter(canReconnect);
    expect(reconnect.sort()).toEqual([
      'CONNECTION_LOST',
      'DISCONNECTED',
      'FAILED_TO_CONNECT',
      'NOT_CONNECTED',
    ]);
    expect(ConnectionStatus.options.filter(canDisconnect)).toEqual(['CONNECTED']);
  });

  it('treats failures as final OTA states and hides Abort once the transfer is done', () => {
    expect(isOtaStatusFinal('FIRMWARE_TRANSFER_FAILED')).toBe(true);
    expect(isOtaStatusFinal('FIRMWARE_TRANSFER')).toBe(false);
    expect(OtaUploadStatus.options.filter(canAbortOta)).toEqual([
      'STARTED',
      'INVITATION',
      'INVITATION_ACCEPTED',
      'FIRMWARE_TRANSFER',
    ]);
  });
});
