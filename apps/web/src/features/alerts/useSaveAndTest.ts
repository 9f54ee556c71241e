import type { AlertTestResult } from '@st/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errors';
import { useServices } from '../../app/ServicesContext';
import { describeFailure } from '../../ui/describeFailure';

/** Save and test-send of an alert settings form, with their toasts. */
export function useSaveAndTest<S>(
  save: (settings: S) => Promise<unknown>,
  test: (id: string) => Promise<AlertTestResult>,
) {
  const { t, i18n } = useTranslation();
  const { toaster, log } = useServices();
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState<string | undefined>(undefined);
  const reason = (error: unknown) => serverMessage(error, i18n) ?? describeFailure(error, t);
  return {
    saving,
    testing,
    save: async (settings: S): Promise<boolean> => {
      setSaving(true);
      try {
        await save(settings);
        toaster.success({ caption: t('alerts.saved') });
        return true;
      } catch (error) {
        log.warn('Failed to save alert settings', error);
        toaster.error({ caption: t('alerts.save.error'), description: reason(error) });
        return false;
      } finally {
        setSaving(false);
      }
    },
    test: async (id: string) => {
      setTesting(id);
      try {
        const result = await test(id);
        if (result.ok) toaster.success({ caption: t('alerts.test.ok', { id }) });
        else toaster.error({ caption: t('alerts.test.failed', { id, error: result.error ?? '' }) });
      } catch (error) {
        toaster.error({ caption: t('alerts.test.failed', { id, error: reason(error) }) });
      } finally {
        setTesting(undefined);
      }
    },
  };
}
