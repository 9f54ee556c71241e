import { createHash } from 'node:crypto';
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { connect, type Socket } from 'node:net';
import { parseFirmwareImage } from '@st/protocol';

export const OTA_PORTS = { esp32: 3232, esp8266: 8266 } as const;
/** Commands of an espota invitation. */
export const OTA_FLASH = 0;
export const OTA_FILESYSTEM = 100;

export interface OtaOptions {
  address: string;
  port: number;
  /** Idle ms before the device re-sends its last count (3 times) and then gives up. */
  idleMs?: number;
  log: (level: 20 | 30 | 40, message: string) => void;
  /** Called when an invitation was accepted (esp8266 then closes its other sockets). */
  onAccepted?: () => void;
  /** Called after a verified upload; a firmware image's version is passed (undefined for a filesystem image). */
  onFlashed: (version: string | undefined) => void;
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
    this.udp?.send('OK', replyPort, host);
    this.opts.log(20, `OTA invitation accepted: ${size} bytes from ${host}:${port}`);
    this.opts.onAccepted?.();
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
      let version: string | undefined;
      if (command === OTA_FLASH) {
        const info = parseFirmwareImage(image);
        if (!info.ok) return end('Wrong Magic Byte');
        version = info.value.version;
      }
      finished = true;
      clearInterval(idle);
      setTimeout(() => {
        socket.end('OK');
        if (this.transfer === socket) this.transfer = undefined;
        this.opts.log(20, `OTA finished, new firmware ${version ?? '(filesystem)'}`);
        this.opts.onFlashed(version);
      }, 50);
    });
    socket.on('error', () => end());
    socket.on('close', () => {
      if (!finished) end('transfer interrupted');
    });
  }
}
