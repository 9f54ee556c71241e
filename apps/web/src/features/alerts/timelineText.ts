import type { TimelineEntry } from '@st/protocol';
import type { TFunction } from 'i18next';
import { addTexts } from '../../i18n';
import { otaEn, otaRu } from '../ota/messages';

// (an OTA entry names its upload status in the OTA screen's words)
addTexts(otaEn, otaRu);

/** The gateway's device commands the timeline records (apps/gateway services/timeline/commandKinds.ts). */
const COMMANDS = [
  'saveName',
  'setWiFi',
  'saveConfigValues',
  'deleteConfigValue',
  'deleteAllConfigValues',
  'createHook',
  'updateHook',
  'deleteHook',
  'callAction',
  'actionSchedule',
  'exportSettings',
  'importSettings',
  'restart',
  'wipe',
] as const;
type Command = (typeof COMMANDS)[number];
const isCommand = (value: unknown): value is Command => COMMANDS.includes(value as Command);

const UNITS = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
] as const;

/** A span of time in its largest whole unit, in the language's own words and plural ("3 минуты"). */
export function durationText(ms: number, language: string): string {
  const [unit, size] = UNITS.find(([, size]) => ms >= size * (size === 1000 ? 0 : 2)) ?? UNITS[3];
  const value = Math.round(ms / size);
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

const str = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';
const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/**
 * What an entry says, in the user's language: built from its kind and details (the gateway's `text` is
 * English); the gateway's text when the details do not say (an older gateway, a kind this console does not
 * know). A notification's text is the device's own message.
 */
export function timelineText(entry: TimelineEntry, t: TFunction, language: string): string {
  const e = entry as TimelineEntry & Record<string, unknown>;
  if (isCommand(e.command) || (entry.kind === 'rename' && e.status !== undefined)) {
    const command: Command = isCommand(e.command) ? e.command : 'saveName';
    const what = t(`timeline.cmd.${command}`, { name: str(e.to), action: str(e.action) });
    return typeof e.status === 'number' && e.status >= 400 ? t('timeline.cmd.failed', { what }) : what;
  }
  switch (entry.kind) {
    case 'found': {
      const away = num(e.away);
      return away === undefined
        ? t('timeline.text.found')
        : t('timeline.text.back', { away: durationText(away, language) });
    }
    case 'lost':
      return t('timeline.text.lost');
    case 'rename':
      return e.from !== undefined && e.to !== undefined
        ? t('timeline.text.renamed', { from: str(e.from), to: str(e.to) })
        : entry.text;
    case 'reboot':
      return e.resetReason !== undefined
        ? t('timeline.text.reboot.reason', { reason: str(e.resetReason) })
        : t('timeline.text.reboot');
    case 'crash-loop': {
      const count = num(e.reboots);
      const within = num(e.within);
      return count === undefined || within === undefined
        ? entry.text
        : t('timeline.text.crashLoop', { count, within: durationText(within * 1000, language) });
    }
    case 'crash-loop-ended':
      return t('timeline.text.crashLoopEnded');
    case 'restart':
      return e.cause === 'ota'
        ? t('timeline.text.restart.ota')
        : e.cause === 'importSettings'
          ? t('timeline.text.restart.import')
          : entry.text;
    case 'ota':
      if (e.status === 'FINISHED') return t('timeline.text.ota.updated');
      return typeof e.status === 'string' && Object.hasOwn(otaEn, `ota.status.${e.status}`)
        ? t('timeline.text.ota.status', { status: t(`ota.status.${e.status as 'FINISHED'}`) })
        : entry.text;
    case 'alert': {
      const channel = str(e.channel);
      const error = str(e.error);
      if (e.outcome === 'sent') return t('timeline.text.alert.sent', { channel });
      if (e.outcome === 'failed') return t('timeline.text.alert.failed', { channel, error });
      if (e.outcome === 'retrying') return t('timeline.text.alert.retrying', { channel, error });
      return entry.text;
    }
    default:
      return entry.text;
  }
}
