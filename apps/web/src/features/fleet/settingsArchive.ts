import type { DeviceInfo } from '@st/protocol';
import { strToU8, zipSync } from 'fflate';

// Bulk "export settings": one device gives its dump as a text file (as the settings screen saves it), several
// give one zip with a text file per device. fflate (already the gateway's zip library) builds the zip in the
// browser: the dumps come from the devices, so no server route is needed.

const safe = (text: string) => text.replace(/[^\w.-]+/g, '_');

/** `<name>-<ip>.txt`, safe for a file system. */
export function dumpEntryName(device: Pick<DeviceInfo, 'name' | 'ip'>): string {
  return safe(`${device.name}-${device.ip}.txt`);
}

export interface ExportedDump {
  device: Pick<DeviceInfo, 'name' | 'ip'>;
  dump: string;
}

/** The file to download: the one dump as text, or a zip of every dump (names made unique). */
export function settingsArchive(dumps: readonly ExportedDump[], day: string): { name: string; blob: Blob } {
  const [only] = dumps;
  if (dumps.length === 1 && only !== undefined)
    return {
      name: safe(`${only.device.name}-${only.device.ip}-${day}.txt`),
      blob: new Blob([only.dump], { type: 'text/plain;charset=utf-8' }),
    };
  const files: Record<string, Uint8Array> = {};
  for (const { device, dump } of dumps) {
    let name = dumpEntryName(device);
    for (let n = 2; name in files; n++) name = dumpEntryName({ ...device, name: `${device.name}-${n}` });
    files[name] = strToU8(dump);
  }
  const bytes = zipSync(files, { level: 6 });
  return {
    name: `smartthing-settings-${day}.zip`,
    blob: new Blob([new Uint8Array(bytes)], { type: 'application/zip' }),
  };
}
