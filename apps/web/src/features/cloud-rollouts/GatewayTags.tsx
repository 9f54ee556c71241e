import { DeviceTags, Gateway, ROLE_RANK } from '@st/protocol';
import { buildPath } from '@st/protocol/constants';
import { IconTag } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errors';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { ActionIcon, Button } from '../../ui/kit/buttons';
import { TextInput } from '../../ui/kit/inputs';
import { Group } from '../../ui/kit/layout';
import { Badge } from '../../ui/kit/status';
import { cloudRolloutsFirstEn, cloudRolloutsFirstRu } from './messagesFirst';

addTexts(cloudRolloutsFirstEn, cloudRolloutsFirstRu);

/**
 * `cloud.gateways.tags` (CLOUD_ROLLOUT_ROUTES): called here by its path, so the gateways screen (the first one
 * in cloud mode) does not build the rollout schemas of that table.
 */
const TAGS_PATH = '/api/gateway/management/:id/tags';

/** A gateway's tags on the gateways screen; its operators and owners edit them (comma-separated). */
export function GatewayTags({ gateway }: { gateway: Gateway }) {
  const { t } = useTranslation();
  const { http } = useServices();
  const queryClient = useQueryClient();
  const tags = gateway.tags ?? [];
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const canEdit = ROLE_RANK[gateway.role ?? 'owner'] >= ROLE_RANK.operator;
  const save = async () => {
    const parsed = DeviceTags.safeParse(
      text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    );
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    try {
      const path = buildPath(TAGS_PATH, { id: gateway.id });
      await http.request({ method: 'PUT', path, body: { tags: parsed.data }, schema: Gateway });
      setEditing(false);
      setError(undefined);
      void queryClient.invalidateQueries({ queryKey: ['gateways'] });
    } catch (e) {
      setError(serverMessage(e) ?? String(e));
    }
  };
  if (editing) {
    return (
      <Group gap="xs" align="flex-end">
        <TextInput
          size="xs"
          label={t('gatewayTags.input')}
          value={text}
          error={error}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Button size="xs" onClick={() => void save()}>
          {t('gatewayTags.save')}
        </Button>
      </Group>
    );
  }
  return (
    <Group gap={4} aria-label={t('gatewayTags.label', { name: gateway.name })} data-testid="gateway-tags">
      {tags.map((tag) => (
        <Badge key={tag} size="sm" variant="light">
          {tag}
        </Badge>
      ))}
      {canEdit ? (
        <ActionIcon
          size="sm"
          variant="subtle"
          color="gray"
          aria-label={t('gatewayTags.edit')}
          onClick={() => {
            setText(tags.join(', '));
            setEditing(true);
          }}
        >
          <IconTag size={14} aria-hidden />
        </ActionIcon>
      ) : null}
    </Group>
  );
}
