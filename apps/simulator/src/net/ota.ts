import { createHash } from 'node:crypto';
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { connect, type Socket } from 'node:net';
import { type Board, IMAGE_MAGIC, parseFirmwareImage } from '@st/protocol';

export const OTA_PORTS = { esp32: 3232, esp8266: 8266 } as const;
/** Commands of an espota invitation. */
export const OTA_FLASH = 0;
export const OTA_FILESYSTEM = 100;
/**
 * Largest image an esp8266 takes: a 4 MB chip with a 2 MB file system refuses one over about 1.6 MB at the
 * invitation (device-protocol.md §11.11).
 */
export const ESP8266_OTA_MAX_BYTES = 1600 * 1024;

/** What a verified upload wrote. */
export type Flashed =
  | { kind: 'filesystem' }
  /** `version`: the image's ESP32 app description, if it has one (`esp32Image`). */
  | { kind: 'firmware'; esp32Image: boolean; version: string | undefined };

export interface OtaOptions {
  address: string;
  port: number;
  board: Board;
  /** Idle ms before the device re-sends its last count (3 times) and then gives up. */
  idleMs?: number;
  log: (level: 20 | 30 | 40, message: string) => void;
  /** Called after a verified upload. */
  onFlashed: (flashed: Flashed) => void;
  /** A refusal text to answer every invitation with (the device's updater says no); undefined = accept. */
  refusal?: () => string | undefined;
}

const INVITATION = /^(\d+) (\d{1,5}) (\d+) ([0-9a-fA-F]{32})\n?$/;

/** The ArduinoOTA (espota) receiver of a device, without password (device-protocol.md §7). */
export class OtaReceiver {
  private udp: UdpSocket | undefined;
  private transfer: Socket | undefined;

  constructor(private readonly opts: OtaOptions) {}

  get busy(): boolean {
    return this.transfer !== undefined;
  }

  async start(): Promise<void> {
    const udp = createSocket('udp4');
    await new Promise<void>((resolve, reject) => {
      udp.once('error', reject);
      udp.bind(this.opts.port, this.opts.address, () => {
        udp.off('error', reject);
        resolve();
      });
    });
    udp.on('error', (e) => this.opts.log(40, `OTA socket error: ${e.message}`));
    udp.on('message', (msg, rinfo) => this.invitation(msg.toString('latin1'), rinfo.address, rinfo.port));
    this.udp = udp;
  }

  stop(): void {
    this.udp?.close();
    this.udp = undefined;
    this.transfer?.destroy();
    this.transfer = undefined;
  }

  private invitation(text: string, host: string, replyPort: number): void {
    const m = INVITATION.exec(text);
    if (!m || this.transfer) return;
    const command = Number(m[1]);
    const port = Number(m[2]);
    const size = Number(m[3]);
    const md5 = (m[4] ?? '').toLowerCase();
    if ((command !== OTA_FLASH && command !== OTA_FILESYSTEM) || size <= 0) return;
    if (this.opts.board === 'esp8266' && command === OTA_FLASH && size > ESP8266_OTA_MAX_BYTES) {
      this.udp?.send('ERR: ERROR[4]: Not Enough Space', replyPort, host);
      this.opts.log(40, `OTA invitation refused: ${size} bytes do not fit`);
      return;
    }
    const refusal = this.opts.refusal?.();
    if (refusal !== undefined) {
      this.udp?.send(`ERR: ${refusal}`, replyPort, host);
      this.opts.log(40, `OTA invitation refused: ${refusal}`);
      return;
    }
    this.udp?.send('OK', replyPort, host);
    this.opts.log(20, `OTA invitation accepted: ${size} bytes from ${host}:${port}`);
    this.receive(command, host, port, size, md5);
  }

  private receive(command: number, host: string, port: number, size: number, md5: string): void {
    const socket = connect({ host, port, localAddress: this.opts.address });
    this.transfer = socket;
    const chunks: Buffer[] = [];
    let received = 0;
    let lastCount = '0';
    let retries = 0;
    let finished = false;
    const idleMs = this.opts.idleMs ?? 1000;
    const end = (reason?: string) => {
      finished = true;
      clearInterval(idle);
      if (reason) {
        this.opts.log(40, `OTA failed: ${reason}`);
        if (!socket.destroyed) socket.end(reason);
      }
      if (this.transfer === socket) this.transfer = undefined;
    };
    const idle = setInterval(() => {
      if (retries++ >= 3) {
        end();
        socket.destroy();
        this.opts.log(40, 'OTA aborted: no data');
        return;
      }
      socket.write(lastCount);
    }, idleMs);
    socket.on('data', (data: Buffer) => {
      if (finished) return;
      retries = 0;
      idle.refresh();
      const take = data.subarray(0, Math.max(0, size - received));
      chunks.push(take);
      received += take.length;
      lastCount = String(take.length);
      socket.write(lastCount);
      if (received < size) return;
      const image = Buffer.concat(chunks);
      if (createHash('md5').update(image).digest('hex') !== md5) return end('MD5 Check Failed');
      let flashed: Flashed = { kind: 'filesystem' };
      if (command === OTA_FLASH) {
        const info = parseFirmwareImage(image);
        // The esp32 updater wants an ESP32 application; the esp8266 one only checks the magic byte, so it
        // takes an ESP32 image too (device-protocol.md §11.10).
        if (this.opts.board === 'esp32' && !info.ok) return end('Wrong Magic Byte');
        if (this.opts.board === 'esp8266' && image[0] !== IMAGE_MAGIC) {
          return end('ERROR[10]: Magic byte is wrong, not 0xE9');
        }
        flashed = {
          kind: 'firmware',
          esp32Image: info.ok,
          version: info.ok ? info.value.version : undefined,
        };
      }
      finished = true;
      clearInterval(idle);
      setTimeout(() => {
        socket.end('OK');
        if (this.transfer === socket) this.transfer = undefined;
        const what =
          flashed.kind === 'filesystem' ? '(filesystem)' : (flashed.version ?? '(no app description)');
        this.opts.log(20, `OTA finished, new firmware ${what}`);
        this.opts.onFlashed(flashed);
      }, 50);
    });
    socket.on('error', () => end());
    socket.on('close', () => {
      if (!finished) end('transfer interrupted');
    });
  }
}
