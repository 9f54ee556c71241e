import type { Gateway } from '@st/protocol';
import { IconDotsVertical, IconKey, IconKeyOff, IconPencil, IconShare, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Menu } from '../../ui/floating/Menu';
import { Tooltip } from '../../ui/floating/Tooltip';
import { Box } from '../../ui/kit/Box';
import { ActionIcon, UnstyledButton } from '../../ui/kit/buttons';
import { Group, Paper } from '../../ui/kit/layout';
import { Badge } from '../../ui/kit/status';
import { Text } from '../../ui/kit/text';
import { GatewayTags } from '../cloud-rollouts/GatewayTags';

export interface GatewayItemProps {
  gateway: Gateway;
  onOpen: (gateway: Gateway) => void;
  onEdit: (gateway: Gateway) => void;
  onDelete: (gateway: Gateway) => void;
  onGenerateToken: (gateway: Gateway) => void;
  onDeleteToken: (gateway: Gateway) => void;
  /** owners only: the shares dialog */
  onShare?: (gateway: Gateway) => void;
}

export function GatewayItem({
  gateway,
  onOpen,
  onEdit,
  onDelete,
  onGenerateToken,
  onDeleteToken,
  onShare,
}: GatewayItemProps) {
  const { t } = useTranslation();
  // An older cloud sends no role: the caller owns what it lists.
  const owner = (gateway.role ?? 'owner') === 'owner';
  const status = gateway.online ? t('gateway.item.status.online') : t('gateway.item.status.offline');
  return (
    <Paper withBorder p="xs" data-testid="gateway-item" data-online={gateway.online}>
      <Group wrap="nowrap" gap="xs">
        <UnstyledButton onClick={() => onOpen(gateway)} style={{ flex: 1, minWidth: 0 }}>
          <Group wrap="nowrap" gap="sm">
            <Tooltip label={status}>
              <Box
                role="img"
                aria-label={status}
                w={14}
                h={14}
                style={{ borderRadius: '50%', flexShrink: 0 }}
                bg={gateway.online ? 'green.6' : 'red.6'}
              />
            </Tooltip>
            <Box style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {gateway.name}
              </Text>
              {gateway.sharedBy ? (
                <Text size="xs" c="dimmed" truncate>
                  {t('accounts.role.sharedBy', { login: gateway.sharedBy })}
                </Text>
              ) : null}
              {gateway.description === '' ? null : (
                <Text size="sm" c="dimmed" truncate>
                  {gateway.description}
                </Text>
              )}
            </Box>
          </Group>
        </UnstyledButton>
        <GatewayTags gateway={gateway} />
        {gateway.role ? (
          <Badge variant="light" color={owner ? 'blue' : 'gray'} data-testid="gateway-role">
            {t(`accounts.role.${gateway.role}`)}
          </Badge>
        ) : null}
        {owner ? (
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('gateway.item.menu', { name: gateway.name })}
              >
                <IconDotsVertical size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onEdit(gateway)}>
                {t('gateway.item.button.edit')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconTrash size={16} aria-hidden />}
                color="red"
                onClick={() => onDelete(gateway)}
              >
                {t('gateway.item.button.delete')}
              </Menu.Item>
              {gateway.haveToken ? (
                <Menu.Item
                  leftSection={<IconKeyOff size={16} aria-hidden />}
                  onClick={() => onDeleteToken(gateway)}
                >
                  {t('gateway.item.button.token.delete')}
                </Menu.Item>
              ) : (
                <Menu.Item
                  leftSection={<IconKey size={16} aria-hidden />}
                  onClick={() => onGenerateToken(gateway)}
                >
                  {t('gateway.item.button.token.gen')}
                </Menu.Item>
              )}
              {onShare ? (
                <Menu.Item leftSection={<IconShare size={16} aria-hidden />} onClick={() => onShare(gateway)}>
                  {t('accounts.shares.open')}
                </Menu.Item>
              ) : null}
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>
    </Paper>
  );
}
