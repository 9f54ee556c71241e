/**
 * Worker thread of the gateway-logs bench: N @stomp/stompjs subscribers of `/devices/logs`, counting the lines
 * each one receives. Messages from the parent: 'count' -> answers {counts: number[]}; 'stop'.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { connectStompClient } from '@st/stomp/client';
import type { Client } from '@stomp/stompjs';
import { z } from 'zod';

const setup = z.object({ url: z.string(), subscribers: z.number().int().positive() }).parse(workerData);
const counts = new Array<number>(setup.subscribers).fill(0);
const clients: Client[] = [];

for (let i = 0; i < setup.subscribers; i++) {
  const client = await connectStompClient(setup.url, { heartbeatIncoming: 0, heartbeatOutgoing: 0 });
  clients.push(client);
  await new Promise<void>((resolve) => {
    const receipt = `r-${i}`;
    client.watchForReceipt(receipt, () => resolve());
    client.subscribe(
      '/devices/logs',
      () => {
        counts[i] = (counts[i] ?? 0) + 1;
      },
      { receipt },
    );
  });
}
parentPort?.postMessage('ready');

parentPort?.on('message', async (message: unknown) => {
  if (message === 'count') parentPort?.postMessage({ counts: [...counts] });
  if (message === 'stop') {
    await Promise.all(clients.map((c) => c.deactivate()));
    parentPort?.close();
  }
});
