import { type ParseResult, parsed, rejected } from './result';

// ESP32 application image: 24-byte image header (magic 0xE9), 8-byte first segment header, then
// esp_app_desc_t (magic word 0xABCD5432, secure_version, 2 reserved words, version[32], project_name[32],
// time[16], date[16], idf_ver[32], app_elf_sha256[32], reserved[80] = 256 bytes).

export const IMAGE_MAGIC = 0xe9;
export const APP_DESC_MAGIC = 0xabcd5432;
const IMAGE_HEADER = 24;
const SEGMENT_HEADER = 8;
const DESC = IMAGE_HEADER + SEGMENT_HEADER;
const DESC_SIZE = 256;
/** Smallest image that holds the headers and the app description. */
export const FIRMWARE_IMAGE_MIN_BYTES = DESC + DESC_SIZE;

export interface FirmwareImageInfo {
  version: string;
  projectName: string;
  /** Build time and date as the toolchain wrote them (may be empty). */
  time: string;
  date: string;
  idfVersion: string;
  segments: number;
}

const utf8 = new TextDecoder();
const encoder = new TextEncoder();

function cString(bytes: Uint8Array, at: number, len: number): string {
  const slice = bytes.subarray(at, at + len);
  const end = slice.indexOf(0);
  return utf8.decode(end < 0 ? slice : slice.subarray(0, end));
}

/** Reads the app description of an ESP32 application image. */
export function parseFirmwareImage(bytes: Uint8Array): ParseResult<FirmwareImageInfo> {
  if (bytes.length < FIRMWARE_IMAGE_MIN_BYTES) {
    return rejected(
      `image is ${bytes.length} bytes; an ESP32 application image has at least ${FIRMWARE_IMAGE_MIN_BYTES}`,
    );
  }
  if (bytes[0] !== IMAGE_MAGIC) return rejected('not an ESP application image (first byte is not 0xE9)');
  const segments = bytes[1] ?? 0;
  if (segments < 1 || segments > 16) return rejected(`image header declares ${segments} segments`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(DESC, true) !== APP_DESC_MAGIC) {
    return rejected('no application description (magic word 0xABCD5432) after the first segment header');
  }
  const version = cString(bytes, DESC + 16, 32);
  if (version === '') return rejected('application description has an empty version');
  return parsed({
    version,
    projectName: cString(bytes, DESC + 48, 32),
    time: cString(bytes, DESC + 80, 16),
    date: cString(bytes, DESC + 96, 16),
    idfVersion: cString(bytes, DESC + 112, 32),
    segments,
  });
}

export interface FirmwareImageSpec {
  version: string;
  projectName?: string;
  /** Total image size in bytes (at least FIRMWARE_IMAGE_MIN_BYTES). */
  size?: number;
  /** Fills the payload; the same seed gives the same bytes. */
  seed?: number;
}

function putString(bytes: Uint8Array, at: number, len: number, value: string): void {
  const data = encoder.encode(value);
  if (data.length >= len) throw new RangeError(`"${value}" does not fit in ${len - 1} bytes`);
  bytes.set(data, at);
}

/** Builds a well-formed test image (one segment) carrying the given version and project name. */
export function makeFirmwareImage(spec: FirmwareImageSpec): Uint8Array {
  const size = spec.size ?? 4096;
  if (size < FIRMWARE_IMAGE_MIN_BYTES)
    throw new RangeError(`size must be at least ${FIRMWARE_IMAGE_MIN_BYTES}`);
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  bytes[0] = IMAGE_MAGIC;
  bytes[1] = 1; // segments
  bytes[2] = 2; // SPI mode DIO
  bytes[3] = 0x20; // 4 MB, 40 MHz
  view.setUint32(4, 0x400d_0000 + 0x18, true); // entry address
  bytes[8] = 0xee; // wp pin: disabled
  view.setUint32(IMAGE_HEADER, 0x3f40_0020, true); // first segment: DROM load address
  view.setUint32(IMAGE_HEADER + 4, size - DESC, true);
  view.setUint32(DESC, APP_DESC_MAGIC, true);
  putString(bytes, DESC + 16, 32, spec.version);
  putString(bytes, DESC + 48, 32, spec.projectName ?? 'st-device');
  putString(bytes, DESC + 80, 16, '00:00:00');
  putString(bytes, DESC + 96, 16, 'Jan  1 2025');
  putString(bytes, DESC + 112, 32, 'v5.1');
  let x = (spec.seed ?? 1) >>> 0 || 1;
  for (let i = DESC + DESC_SIZE; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return bytes;
}
