import { ApiError, TAG_ROUTES } from '@st/protocol';
import type { HttpApp } from '@st/server-kit';
import { formatDeviceAddress, parseDeviceAddress } from '../../services/devices/address';
import type { DeviceTags } from '../../services/tags/deviceTags';

export interface TagRouteDeps {
  readonly tags: DeviceTags;
  /** a device the gateway knows (found, saved or remembered), by canonical address */
  knows(ip: string): boolean;
}

/** `ip` in its canonical form (`ip`, or `ip:port` when not 80), as the device lists name it. */
export function canonicalIp(ip: string): string {
  const a = parseDeviceAddress(ip);
  return a ? formatDeviceAddress(a) : ip;
}

/** `/api/devices/tags`: read every device's tags, set one device's, add or remove on many. */
export function tagRoutes(app: HttpApp, deps: TagRouteDeps): void {
  const tags = ['devices'];
  const known = (ip: string) => {
    const canonical = canonicalIp(ip);
    if (!deps.knows(canonical)) throw new ApiError('TAG_UNKNOWN_DEVICE', `Unknown device: ${ip}`);
    return canonical;
  };
  const list = TAG_ROUTES['gateway.devices.tags.list'];
  app.route({
    method: list.method,
    url: list.path,
    schema: { tags, summary: list.summary, response: { 200: list.response } },
    handler: () => deps.tags.all(),
  });
  const set = TAG_ROUTES['gateway.devices.tags.set'];
  app.route({
    method: set.method,
    url: set.path,
    schema: {
      tags,
      summary: set.summary,
      querystring: set.query,
      body: set.body,
      response: { 200: set.response },
    },
    handler: (req) => ({ tags: [...deps.tags.set(known(req.query.ip), req.body.tags)] }),
  });
  const bulk = TAG_ROUTES['gateway.devices.tags.bulk'];
  app.route({
    method: bulk.method,
    url: bulk.path,
    schema: {
      tags,
      summary: bulk.summary,
      description:
        'Refused whole (404 TAG_UNKNOWN_DEVICE) when any address is not a device the gateway knows.',
      body: bulk.body,
      response: { 200: bulk.response },
    },
    handler: (req) => {
      const unknown = req.body.ips.filter((ip) => !deps.knows(canonicalIp(ip)));
      if (unknown.length > 0) {
        throw new ApiError(
          'TAG_UNKNOWN_DEVICE',
          `Unknown device${unknown.length > 1 ? 's' : ''}: ${unknown.slice(0, 5).join(', ')}`,
        );
      }
      return deps.tags.bulk(req.body.ips.map(canonicalIp), req.body.add ?? [], req.body.remove ?? []);
    },
  });
}
