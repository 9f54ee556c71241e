import { type DeviceTagMap, TAG_ROUTES } from '@st/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gatewayCall } from '../../api/routes';
import { useCurrentGateway } from '../../app/CurrentGateway';
import { useServices } from '../../app/ServicesContext';

/** Query key of every device's tags on one gateway. */
export const tagKeys = { all: (gatewayId: string) => ['device-tags', gatewayId] as const };

/** What shows tags: the map itself, the overview, the device lists and the Rollouts form's tag choice. */
const SHOWN_IN = (gatewayId: string) => [
  tagKeys.all(gatewayId),
  ['history-overview', gatewayId],
  ['devices', gatewayId],
  ['rollouts', gatewayId, 'tags'],
];

/** Every device's tags (address -> tags) on the gateway on screen. */
export function useTagMap() {
  const { gatewayFetch } = useServices();
  const gateway = useCurrentGateway();
  return useQuery<DeviceTagMap>({
    queryKey: tagKeys.all(gateway?.id ?? ''),
    queryFn: () => gatewayFetch(gateway, gatewayCall(TAG_ROUTES, 'gateway.devices.tags.list')),
  });
}

/** Every tag some device carries, sorted (what the tag fields suggest). */
export const allTags = (map: DeviceTagMap | undefined): string[] =>
  [...new Set(Object.values(map ?? {}).flat())].sort();

/** Sets one device's tags, or adds / removes tags on many; then every view of tags is read again. */
export function useTagWrites() {
  const { gatewayFetch } = useServices();
  const gateway = useCurrentGateway();
  const client = useQueryClient();
  const gatewayId = gateway?.id ?? '';
  const refresh = async (answer: DeviceTagMap) => {
    client.setQueryData<DeviceTagMap>(tagKeys.all(gatewayId), (map) => {
      const next = { ...map };
      for (const [ip, tags] of Object.entries(answer)) {
        if (tags.length > 0) next[ip] = tags;
        else delete next[ip];
      }
      return next;
    });
    await Promise.all(SHOWN_IN(gatewayId).map((queryKey) => client.invalidateQueries({ queryKey })));
  };
  const set = useMutation({
    mutationFn: async ({ ip, tags }: { ip: string; tags: string[] }) => {
      const answer = await gatewayFetch(
        gateway,
        gatewayCall(TAG_ROUTES, 'gateway.devices.tags.set', { query: { ip }, body: { tags } }),
      );
      return { [ip]: answer.tags };
    },
    onSuccess: refresh,
  });
  const bulk = useMutation({
    mutationFn: (body: { ips: string[]; add?: string[]; remove?: string[] }) =>
      gatewayFetch(gateway, gatewayCall(TAG_ROUTES, 'gateway.devices.tags.bulk', { body })),
    onSuccess: refresh,
  });
  return { set, bulk };
}
