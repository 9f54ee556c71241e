import { BACKUP_LIMITS, type BackupSchedule } from '@st/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/kit/buttons';
import { Group } from '../../ui/kit/layout';
import { Switch } from '../../ui/kit/toggles';
import { NumberInput } from '../../ui/NumberInput';
import { useCanWrite } from '../accounts/useCanWrite';

export interface ScheduleFormProps {
  schedule: BackupSchedule;
  onSave: (schedule: BackupSchedule) => Promise<void>;
}

const HOUR = 3600;

/** Enable, interval (hours) and versions kept; saved with one button. */
export function ScheduleForm({ schedule, onSave }: ScheduleFormProps) {
  const { t } = useTranslation();
  const canWrite = useCanWrite();
  const [enabled, setEnabled] = useState(schedule.enabled);
  const [hours, setHours] = useState<number>(schedule.every / HOUR);
  const [keep, setKeep] = useState<number>(schedule.keep);
  const [busy, setBusy] = useState(false);
  const every = Math.round(hours * HOUR);
  const valid =
    every >= BACKUP_LIMITS.everyMinSeconds &&
    every <= BACKUP_LIMITS.everyMaxSeconds &&
    Number.isInteger(keep) &&
    keep >= BACKUP_LIMITS.keepMin &&
    keep <= BACKUP_LIMITS.keepMax;

  const save = async () => {
    setBusy(true);
    await onSave({ enabled, every, keep });
    setBusy(false);
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) void save();
      }}
    >
      <Group align="flex-end" gap="sm">
        <Switch
          label={t('backups.schedule.enabled')}
          checked={enabled}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
          mb={8}
        />
        <NumberInput
          label={t('backups.schedule.every')}
          value={hours}
          onChange={(v) => setHours(typeof v === 'number' ? v : Number(v))}
          min={BACKUP_LIMITS.everyMinSeconds / HOUR}
          max={BACKUP_LIMITS.everyMaxSeconds / HOUR}
          decimalScale={2}
          w={130}
        />
        <NumberInput
          label={t('backups.schedule.keep')}
          value={keep}
          onChange={(v) => setKeep(typeof v === 'number' ? v : Number(v))}
          min={BACKUP_LIMITS.keepMin}
          max={BACKUP_LIMITS.keepMax}
          allowDecimal={false}
          w={200}
        />
        <Button type="submit" variant="default" loading={busy} disabled={!valid || !canWrite}>
          {t('backups.schedule.save')}
        </Button>
      </Group>
    </form>
  );
}
