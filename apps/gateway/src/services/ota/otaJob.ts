import type { OtaTask, OtaUploadStatus, OtaVerdict } from '@st/protocol';
import { ApiError, OTA, otaVerdictText } from '@st/protocol';
import { parseDeviceAddress } from '../devices/address';
import { EspotaError, type EspotaTimeouts, flashOverEspota } from './espota';
import type { FirmwareLibrary } from './firmwareLibrary';
import { AbortedError, waitStep } from './wait';

/**
 * What a device says about itself after an update: its version (undefined when its `/info/system` carries
 * none) and how long it has been up (undefined when its metrics do not say).
 */
export interface DeviceVitals {
  readonly version: string | undefined;
  readonly uptimeMs: number | undefined;
}

/** Asks a device for its vitals; undefined while it does not answer its `/info/system` (e.g. rebooting). */
export type VersionProbe = (address: string) => Promise<DeviceVitals | undefined>;

export interface JobTimeouts extends EspotaTimeouts {
  /** how long the device may take to restart and answer again after confirming the image */
  readonly versionCheckMs: number;
  readonly versionPollMs: number;
}

export interface JobDeps {
  readonly library: FirmwareLibrary;
  readonly probeVersion: VersionProbe;
  readonly timeouts: JobTimeouts;
  /** told what the device goes through, so the gateway knows it as restarting rather than lost */
  readonly restarts?: OtaRestartNotice | undefined;
}

/** The device's restart as an update goes: held from the accepted invitation, confirmed with the image. */
export interface OtaRestartNotice {
  /** invitation accepted: the device is busy flashing and may fall silent */
  hold(address: string): void;
  /** the device confirmed the image and restarts now */
  begin(address: string): void;
  /** the transfer failed or was aborted: the device keeps running its firmware */
  cancel(address: string): void;
  /** the device answered again after restarting */
  returned(address: string): void;
}

/** What a job reports while it runs; the service records it and publishes it. */
export interface JobReport {
  status(status: OtaUploadStatus, progress?: number): void;
  progress(percent: number): void;
}

/** How a job ends: one of the final statuses, with a reason unless it succeeded, and the verdict once confirmed. */
export type JobOutcome =
  | { status: 'FINISHED'; verdict?: OtaVerdict }
  | {
      status: 'ABORTED' | 'INVITATION_FAILED' | 'FIRMWARE_TRANSFER_FAILED';
      error: string;
      verdict?: OtaVerdict;
    };

const abortReason = (signal: AbortSignal) => (typeof signal.reason === 'string' ? signal.reason : 'Aborted');

const sleep = (ms: number, signal: AbortSignal) =>
  waitStep<void>(signal, ms + 1000, 'sleep', (resolve) => {
    const t = setTimeout(resolve, ms);
    return () => clearTimeout(t);
  });

/** The verdict of a device that came back: its reported version against the library's label. */
function cameBack(label: string, reported: string | undefined, backAfterMs: number): OtaVerdict {
  const outcome = reported === undefined ? 'NO_VERSION' : reported === label ? 'MATCHES' : 'DIFFERS';
  return { outcome, label, ...(reported === undefined ? {} : { reported }), backAfterMs };
}

/**
 * After the device confirmed the image: the job ends as soon as the device answers again having restarted
 * (it went silent, or its uptime began after the confirmation), FINISHED with whatever version it reports
 * (or none). Only a device that does not come back within `versionCheckMs`, or keeps answering without ever
 * restarting, fails.
 */
async function awaitReturn(
  address: string,
  label: string,
  deps: JobDeps,
  signal: AbortSignal,
): Promise<JobOutcome> {
  const confirmedAt = Date.now();
  const deadline = confirmedAt + deps.timeouts.versionCheckMs;
  let wentAway = false;
  let answered = false;
  for (;;) {
    const probedAt = Date.now();
    const vitals = await deps.probeVersion(address);
    if (vitals === undefined) wentAway = true;
    else {
      answered = true;
      const rebooted =
        wentAway || (vitals.uptimeMs !== undefined && probedAt - vitals.uptimeMs >= confirmedAt);
      if (rebooted) {
        deps.restarts?.returned(address);
        return { status: 'FINISHED', verdict: cameBack(label, vitals.version, Date.now() - confirmedAt) };
      }
    }
    if (Date.now() >= deadline) break;
    await sleep(deps.timeouts.versionPollMs, signal);
  }
  const within = `within ${Math.round(deps.timeouts.versionCheckMs / 1000)} s`;
  const verdict: OtaVerdict = {
    outcome: answered && !wentAway ? 'NOT_RESTARTED' : 'NOT_BACK',
    label,
  };
  return { status: 'FIRMWARE_TRANSFER_FAILED', error: `${otaVerdictText(verdict)} ${within}`, verdict };
}

/** Runs one upload: checks the stored image, flashes it over espota, then waits for the device to come back. */
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
  let label: string;
  try {
    const stored = deps.library.get(task.firmware.id);
    image = deps.library.read(stored.firmware);
    label = stored.firmware.version;
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
        invitationAccepted: () => {
          deps.restarts?.hold(task.device.ip);
          report.status('INVITATION_ACCEPTED');
        },
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
    deps.restarts?.cancel(task.device.ip);
    if (err instanceof AbortedError) return { status: 'ABORTED', error: abortReason(signal) };
    if (err instanceof EspotaError) return { status: err.phase, error: err.message };
    throw err;
  }
  report.status('FIRMWARE_TRANSFER_FINISHED', 100);
  deps.restarts?.begin(task.device.ip);
  try {
    return await awaitReturn(task.device.ip, label, deps, signal);
  } catch (err) {
    if (err instanceof AbortedError)
      return { status: 'ABORTED', error: 'The gateway stopped before the device came back' };
    throw err;
  }
}
