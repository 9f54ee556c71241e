import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { formatDeviceLogLine } from '@st/protocol';

/**
 * Plays device loggers on the gateway's TCP log port: `count` lines from 8 device names, paced at
 * `perSecond` (10 writes a second), until done or aborted.
 */
export async function feedLines(
  logPort: number,
  count: number,
  options: { perSecond: number; signal?: AbortSignal },
): Promise<void> {
  const socket = connect({ host: '127.0.0.1', port: logPort });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const perTick = Math.max(1, Math.round(options.perSecond / 10));
  let i = 0;
  while (i < count && options.signal?.aborted !== true) {
    let chunk = '';
    for (let k = 0; k < perTick && i < count; k++, i++) {
      chunk += formatDeviceLogLine({
        name: `bench-${i % 8}`,
        level: i % 5 === 0 ? 30 : 20,
        tag: `tag${i % 13}`,
        message: `line ${i} reading ${(i * 7919) % 100000}`,
      });
    }
    socket.write(chunk);
    await sleep(100);
  }
  await new Promise<void>((resolve) => socket.end(() => resolve()));
}
