import { LocalGatewayNameBody } from '@st/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLocalName } from '../src/services/name/localName';
import { ErrorBody, type GatewaySetup, gatewaySetup, http, startGateway } from './helpers';

// Issue 17, defect 11: the gateway's local name over real HTTP, on a real SQLite file, across a restart.

let setup: GatewaySetup;
beforeAll(async () => {
  setup = await gatewaySetup();
});
afterAll(() => setup.cleanup());

const nameOf = async (base: string) =>
  LocalGatewayNameBody.parse((await http(base, 'GET', '/api/gateway/name')).body).name;

describe('the local name', () => {
  it('defaults to the host name, renames (trimmed), refuses bad names with a code, survives a restart', async () => {
    const gw = await startGateway(setup);
    try {
      expect(await nameOf(gw.base)).toBe(defaultLocalName());

      const renamed = await http(gw.base, 'PUT', '/api/gateway/name', { name: '  Дача gateway  ' });
      expect(renamed.status).toBe(200);
      expect(LocalGatewayNameBody.parse(renamed.body)).toEqual({ name: 'Дача gateway' });
      expect(await nameOf(gw.base)).toBe('Дача gateway');

      const blank = await http(gw.base, 'PUT', '/api/gateway/name', { name: '   ' });
      expect(blank.status).toBe(400);
      expect(ErrorBody.parse(blank.body).code).toBe('GATEWAY_NAME_BLANK');
      const long = await http(gw.base, 'PUT', '/api/gateway/name', { name: 'x'.repeat(65) });
      expect(long.status).toBe(400);
      expect(ErrorBody.parse(long.body).code).toBe('VALIDATION_FAILED');
      const control = await http(gw.base, 'PUT', '/api/gateway/name', { name: 'evil\u202Eexe' });
      expect(control.status).toBe(400);
      expect(ErrorBody.parse(control.body).code).toBe('TEXT_CONTROL_CHARACTERS');
      const missing = await http(gw.base, 'PUT', '/api/gateway/name', {});
      expect(missing.status).toBe(400);
      expect(await nameOf(gw.base)).toBe('Дача gateway');
      expect((await http(gw.base, 'PUT', '/api/gateway/name', { name: 'x'.repeat(64) })).status).toBe(200);
      expect((await http(gw.base, 'PUT', '/api/gateway/name', { name: 'Дача gateway' })).status).toBe(200);
    } finally {
      await gw.stop();
    }
    const again = await startGateway(setup);
    try {
      expect(await nameOf(again.base)).toBe('Дача gateway');
    } finally {
      await again.stop();
    }
  });

  it('turns an unusable host name into a valid default', () => {
    expect(defaultLocalName('pi-kitchen')).toBe('pi-kitchen');
    expect(defaultLocalName('h'.repeat(100))).toBe('h'.repeat(64));
    expect(defaultLocalName('   ')).toBe('SmartThing gateway');
  });
});
