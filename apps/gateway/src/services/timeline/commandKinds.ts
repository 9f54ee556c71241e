import type { TimelineKind } from '@st/protocol';

/** Device commands that change something, by the timeline kind they are recorded as (reads are not). */
export const COMMAND_KINDS: Readonly<Record<string, TimelineKind>> = {
  saveName: 'rename',
  setWiFi: 'wifi',
  saveConfigValues: 'config',
  deleteConfigValue: 'config',
  deleteAllConfigValues: 'config',
  createHook: 'hooks',
  updateHook: 'hooks',
  deleteHook: 'hooks',
  callAction: 'action',
  actionSchedule: 'action',
  exportSettings: 'settings-export',
  importSettings: 'settings-import',
  restart: 'restart',
  wipe: 'restart',
};

/** A readable line for a command (no values of secrets: wifi passwords are never copied). */
export function commandText(command: string, params: Record<string, unknown>, ok: boolean): string {
  const outcome = ok ? '' : ' (failed)';
  const str = (k: string) =>
    typeof params[k] === 'string' || typeof params[k] === 'number' ? String(params[k]) : '';
  switch (command) {
    case 'saveName':
      return `Renamed to "${str('name')}"${outcome}`;
    case 'setWiFi':
      return `Wi-Fi settings changed${outcome}`;
    case 'saveConfigValues':
      return `Config saved${outcome}`;
    case 'deleteConfigValue':
      return `Config value "${str('name')}" deleted${outcome}`;
    case 'deleteAllConfigValues':
      return `All config values deleted${outcome}`;
    case 'createHook':
      return `Hook created${outcome}`;
    case 'updateHook':
      return `Hook updated${outcome}`;
    case 'deleteHook':
      return `Hook deleted${outcome}`;
    case 'callAction':
      return `Action "${str('name')}" called${outcome}`;
    case 'actionSchedule':
      return `Action "${str('name')}" scheduled${outcome}`;
    case 'exportSettings':
      return `Settings exported${outcome}`;
    case 'importSettings':
      return `Settings imported${outcome}`;
    case 'restart':
      return `Restart requested${outcome}`;
    case 'wipe':
      return `Wipe requested${outcome}`;
    default:
      return `${command}${outcome}`;
  }
}
