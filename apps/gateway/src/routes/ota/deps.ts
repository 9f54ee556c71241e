import type { HttpApp } from '@st/server-kit';
import type { FirmwareLibrary } from '../../services/ota/firmwareLibrary';
import type { OtaService } from '../../services/ota/otaService';

// What the OTA route files share, apart from index.ts (which registers them), so that they do not import it.

export interface OtaRouteDeps {
  readonly library: FirmwareLibrary;
  readonly service: OtaService;
  readonly firmwareMaxBytes: number;
}

/** The scope the OTA routes live in (multipart parsing is registered only here). */
export type OtaScope = HttpApp;
