// Firmware version order (issue 17: "update available"). Versions are semver-like: an optional "v", numeric
// parts separated by dots (as many as given; a missing part counts as 0), an optional "-pre.release" that
// sorts before the release itself, and an optional "+build" that is ignored. Anything else ("e2e-2.0",
// "nightly") is not comparable: it is never called older or newer.

export interface ParsedVersion {
  parts: number[];
  pre: string[];
}

const VERSION = /^v?(\d+(?:\.\d+)*)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

/** The numeric parts and pre-release tags of a version, or undefined when it is not semver-like. */
export function parseVersion(text: string | undefined): ParsedVersion | undefined {
  const match = VERSION.exec((text ?? '').trim());
  if (match === null || match[1] === undefined) return undefined;
  return { parts: match[1].split('.').map(Number), pre: match[2] === undefined ? [] : match[2].split('.') };
}

function comparePre(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) return Math.sign(b.length - a.length); // a release is after its pre-releases
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === undefined || y === undefined) return x === undefined ? -1 : 1;
    const nx = /^\d+$/.test(x) ? Number(x) : undefined;
    const ny = /^\d+$/.test(y) ? Number(y) : undefined;
    if (nx !== undefined && ny !== undefined) {
      if (nx !== ny) return nx < ny ? -1 : 1;
    } else if (nx !== undefined || ny !== undefined) return nx !== undefined ? -1 : 1;
    else if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * Orders two versions: negative when `a` is older, positive when newer, 0 when equal ("1.2" equals "1.2.0");
 * undefined when either is not semver-like.
 */
export function compareFirmwareVersions(a: string | undefined, b: string | undefined): number | undefined {
  const x = parseVersion(a);
  const y = parseVersion(b);
  if (x === undefined || y === undefined) return undefined;
  for (let i = 0; i < Math.max(x.parts.length, y.parts.length); i++) {
    const d = (x.parts[i] ?? 0) - (y.parts[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return comparePre(x.pre, y.pre);
}

/** What an update offer needs of a device and of a firmware image. */
export interface VersionedDevice {
  type: string;
  board: string;
  version?: string | undefined;
}
export interface VersionedImage {
  type: string;
  board: string;
  version: string;
}

/**
 * The newest image of the device's type and board when it is newer than the device's version; undefined when
 * the device is up to date, its version is unknown or not comparable, or the library has nothing for it.
 */
export function newerFirmware<F extends VersionedImage>(
  device: VersionedDevice,
  library: readonly F[],
): F | undefined {
  let newest: F | undefined;
  for (const image of library) {
    if (image.type !== device.type || image.board !== device.board) continue;
    if (parseVersion(image.version) === undefined) continue;
    if (newest === undefined || (compareFirmwareVersions(image.version, newest.version) ?? 0) > 0)
      newest = image;
  }
  if (newest === undefined) return undefined;
  const order = compareFirmwareVersions(device.version, newest.version);
  return order !== undefined && order < 0 ? newest : undefined;
}
