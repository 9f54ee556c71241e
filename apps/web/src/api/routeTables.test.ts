import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLOUD_ROUTES, GATEWAY_ROUTES } from '@st/protocol';
import { describe, expect, it } from 'vitest';
import { cloudRequest, gatewayCall } from './routes';

const src = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("the console's route tables", () => {
  it("no console module imports the whole catalog (ROUTES): each names its own area's table", () => {
    const offenders = sourceFiles(src).filter((file) =>
      /import\s+\{[^}]*\bROUTES\b[^}]*\}\s+from\s+'@st\/protocol'/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('builds a call from the area table: method, path with its parts, the answer schema', () => {
    const call = gatewayCall(GATEWAY_ROUTES, 'gateway.devices.saved.add', { query: { ip: '10.0.0.7' } });
    expect(call).toMatchObject({ method: 'POST', url: '/api/devices/saved?ip=10.0.0.7' });
    expect(call.schema).toBe(GATEWAY_ROUTES['gateway.devices.saved.add'].response);
    const request = cloudRequest(CLOUD_ROUTES, 'cloud.auth.current');
    expect(request).toMatchObject({ method: 'GET', path: CLOUD_ROUTES['cloud.auth.current'].path });
  });
});
