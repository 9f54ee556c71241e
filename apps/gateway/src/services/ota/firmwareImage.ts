import { type Board, IMAGE_MAGIC, parseFirmwareImage } from '@st/protocol';

/** What an uploaded file says about itself. */
export interface ImageFacts {
  /** The board family the image is built for. */
  readonly board: Board;
  /** The version the image carries (ESP32 application description); ESP8266 images carry none. */
  readonly version: string | undefined;
}

export type ImageCheck = { ok: true; facts: ImageFacts } | { ok: false; reason: string };

/** ESP8266 image header: magic 0xE9, segment count, SPI flash mode (QIO, QOUT, DIO, DOUT). */
function looksLikeEsp8266Image(bytes: Uint8Array): boolean {
  const segments = bytes[1] ?? 0;
  const flashMode = bytes[2] ?? 255;
  return bytes.length >= 16 && bytes[0] === IMAGE_MAGIC && segments >= 1 && segments <= 16 && flashMode <= 3;
}

/**
 * Reads the ESP image header of an upload. An ESP32 application image carries an application description
 * (with its version); an ESP8266 image has the same magic byte but no description. Anything else is not an
 * ESP application image and is refused. `declared` is the board the user chose, checked against the image.
 */
export function checkFirmwareImage(bytes: Uint8Array, declared: Board | undefined): ImageCheck {
  if (bytes[0] !== IMAGE_MAGIC) {
    return { ok: false, reason: 'This is not an ESP application image (its first byte is not 0xE9)' };
  }
  const esp32 = parseFirmwareImage(bytes);
  if (esp32.ok) {
    if (declared === 'esp8266') {
      return {
        ok: false,
        reason: `This is an ESP32 application image (version ${esp32.value.version}); it cannot be flashed on an esp8266`,
      };
    }
    return { ok: true, facts: { board: 'esp32', version: esp32.value.version } };
  }
  if (declared === 'esp8266' && looksLikeEsp8266Image(bytes)) {
    return { ok: true, facts: { board: 'esp8266', version: undefined } };
  }
  if (declared === undefined && looksLikeEsp8266Image(bytes)) {
    return {
      ok: false,
      reason: 'Choose the board: the image has no application description to read it from',
    };
  }
  return { ok: false, reason: `This is not an ESP application image: ${esp32.error}` };
}
