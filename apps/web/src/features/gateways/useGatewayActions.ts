import type { Gateway } from '@st/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { serverMessage, statusOf } from '../../api/errors';
import { useServices } from '../../app/ServicesContext';
import { useConfirm } from '../../ui/useConfirm';
import { type GatewayDraft, gatewayKeys, gatewaysApi } from './gatewaysApi';
import { GATEWAY_SAVE_KEY } from './validateName';

/** Every change a user makes to the gateway list, with the confirmations and toasts of the spec. */
export function useGatewayActions() {
  const { http, toaster, log } = useServices();
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();

  return useMemo(() => {
    const api = gatewaysApi(http);
    const reload = () => queryClient.invalidateQueries({ queryKey: gatewayKeys.list });
    const failed = (caption: string, error: unknown, showServerText: boolean) => {
      log.warn(caption, error);
      const status = statusOf(error);
      // The spec shows the server's text for a 400; a 409 (name taken) explains itself just as well.
      const text =
        showServerText && (status === 400 || status === 409) ? serverMessage(error, i18n) : undefined;
      // (the same subject as the form's own check: the server's answer replaces it, one toast in all)
      toaster.error({ caption: text ?? caption, key: GATEWAY_SAVE_KEY });
    };

    return {
      /** Resolves true when the dialog may close. */
      create: async (draft: GatewayDraft): Promise<boolean> => {
        try {
          await api.create(draft);
        } catch (error) {
          failed(t('gateway.create.error'), error, true);
          return false;
        }
        await reload();
        toaster.success({ caption: t('gateway.create.success') });
        return true;
      },
      update: async (gateway: Gateway, draft: GatewayDraft): Promise<boolean> => {
        try {
          await api.update(gateway.id, draft);
        } catch (error) {
          failed(t('gateway.item.save.error'), error, true);
          return false;
        }
        await reload();
        toaster.success({ caption: t('gateway.item.save.success') });
        return true;
      },
      remove: async (gateway: Gateway): Promise<void> => {
        if (!(await confirm({ message: t('gateway.item.delete.confirm', { name: gateway.name }) }))) return;
        try {
          await api.remove(gateway.id);
        } catch (error) {
          failed(t('gateway.item.delete.error'), error, false);
          return;
        }
        toaster.success({ caption: t('gateway.item.delete.success') });
        queryClient.removeQueries({ queryKey: gatewayKeys.one(gateway.id) });
        await reload();
        navigate('/');
      },
      /** Resolves the new token to show, or undefined when it failed. */
      generateToken: async (gateway: Gateway): Promise<string | undefined> => {
        try {
          const token = await api.generateToken(gateway.id);
          await reload();
          toaster.info({ caption: t('gateway.item.token.gen.success') });
          return token;
        } catch (error) {
          failed(t('gateway.item.token.gen.error'), error, false);
          return undefined;
        }
      },
      deleteToken: async (gateway: Gateway): Promise<void> => {
        if (!(await confirm({ message: t('gateway.item.token.delete.confirm', { name: gateway.name }) })))
          return;
        try {
          await api.deleteToken(gateway.id);
        } catch (error) {
          failed(t('gateway.item.token.delete.error'), error, false);
          return;
        }
        await reload();
        toaster.info({ caption: t('gateway.item.token.delete.success') });
      },
    };
  }, [http, toaster, log, t, i18n, confirm, navigate, queryClient]);
}
