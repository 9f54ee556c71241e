import type { OtaTask, OtaUploadStatus } from '@st/protocol';
import { ApiError, OTA } from '@st/protocol';
import { parseDeviceAddress } from '../devices/address';
import { EspotaError, type EspotaTimeouts, flashOverEspota } from './espota';
import type { FirmwareLibrary } from './firmwareLibrary';
import { AbortedError, waitStep } from './wait';

/** What a device says about itself after an update: its version and how long it has been up. */
export interface DeviceVitals {
  readonly version: string | undefined;
  readonly uptimeMs: number | undefined;
}

/** Asks a device for its vitals; undefined while it does not answer (e.g. rebooting). */
export type VersionProbe = (address: string) => Promise<DeviceVitals | undefined>;

export interface JobTimeouts extends EspotaTimeouts {
  /** how long the device may take to reboot and report the new version */
  readonly versionCheckMs: number;
  readonly versionPollMs: number;
}

export interface JobDeps {
  readonly library: FirmwareLibrary;
  readonly probeVersion: VersionProbe;
  readonly timeouts: JobTimeouts;
}

/** What a job reports while it runs; the service records it and publishes it. */
export interface JobReport {
  status(status: OtaUploadStatus, progress?: number): void;
  progress(percent: number): void;
}

/** How a job ends: one of the final statuses, with a reason unless it succeeded. */
export type JobOutcome =
  | { status: 'FINISHED' }
  | { status: 'ABORTED' | 'INVITATION_FAILED' | 'FIRMWARE_TRANSFER_FAILED'; error: string };

const abortReason = (signal: AbortSignal) => (typeof signal.reason === 'string' ? signal.reason : 'Aborted');

const sleep = (ms: number, signal: AbortSignal) =>
  waitStep<void>(signal, ms + 1000, 'sleep', (resolve) => {
    const t = setTimeout(resolve, ms);
    return () => clearTimeout(t);
  });

/**
 * FINISHED only once the device has restarted (it went silent, or its uptime began after the final OK) and
 * reports the version the image carries.
 */
async function awaitVersion(
  address: string,
  expected: string,
  deps: JobDeps,
  signal: AbortSignal,
): Promise<JobOutcome> {
  const confirmedAt = Date.now();
  const deadline = confirmedAt + deps.timeouts.versionCheckMs;
  let wentAway = false;
  let last: string | undefined;
  for (;;) {
    const probedAt = Date.now();
    const vitals = await deps.probeVersion(address);
    if (vitals === undefined) wentAway = true;
    else {
      last = vitals.version ?? last;
      const rebooted =
        wentAway || (vitals.uptimeMs !== undefined && probedAt - vitals.uptimeMs >= confirmedAt);
      if (rebooted && vitals.version === expected) return { status: 'FINISHED' };
    }
    if (Date.now() >= deadline) break;
    await sleep(deps.timeouts.versionPollMs, signal);
  }
  const seen = last === undefined ? 'it did not answer' : `it reports version ${last}`;
  return {
    status: 'FIRMWARE_TRANSFER_FAILED',
    error: `The device took the image but did not restart with version ${expected} within ${deps.timeouts.versionCheckMs} ms (${seen})`,
  };
}

/** Runs one upload: checks the stored image, flashes it over espota, then waits for the new version. */
export async function runOtaJob(
  task: OtaTask,
  deps: JobDeps,
  report: JobReport,
  signal: AbortSignal,
): Promise<JobOutcome> {
  const address = parseDeviceAddress(task.device.ip);
  const board = task.device.board;
  if (!address || (board !== 'esp32' && board !== 'esp8266')) {
    return { status: 'INVITATION_FAILED', error: `Cannot reach ${task.device.ip} over OTA (board ${board})` };
  }
  let image: Buffer;
  let expected: string;
  try {
    const stored = deps.library.get(task.firmware.id);
    image = deps.library.read(stored.firmware);
    expected = stored.imageVersion ?? stored.firmware.version;
  } catch (err) {
    const message = err instanceof ApiError ? err.message : String(err);
    return { status: 'FIRMWARE_TRANSFER_FAILED', error: message };
  }
  let lastPercent = -1;
  try {
    report.status('INVITATION');
    await flashOverEspota(
      { host: address.host, port: OTA.invitationPorts[board] },
      image,
      task.firmware.fileChecksum,
      deps.timeouts,
      {
        invitationAccepted: () => report.status('INVITATION_ACCEPTED'),
        transferStarted: () => report.status('FIRMWARE_TRANSFER', 0),
        sent: (bytes) => {
          const percent = Math.floor((bytes * 100) / image.length);
          if (percent !== lastPercent) report.progress(percent);
          lastPercent = percent;
        },
        confirming: () => report.status('FIRMWARE_TRANSFER_CONFIRMATION', 100),
      },
      signal,
    );
  } catch (err) {
    if (err instanceof AbortedError) return { status: 'ABORTED', error: abortReason(signal) };
    if (err instanceof EspotaError) return { status: err.phase, error: err.message };
    throw err;
  }
  report.status('FIRMWARE_TRANSFER_FINISHED', 100);
  try {
    return await awaitVersion(task.device.ip, expected, deps, signal);
  } catch (err) {
    if (err instanceof AbortedError)
      return { status: 'ABORTED', error: 'The gateway stopped before the device came back' };
    throw err;
  }
}
