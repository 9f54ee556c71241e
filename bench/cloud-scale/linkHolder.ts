// A child process of bench/cloud-scale holding thousands of light gateway links (each a real STOMP-over-
// WebSocket session with its own gateway token, answering relayed requests as a gateway would). Processes
// rather than threads: each process has its own file-descriptor limit. Driven over IPC.
import { LightLink } from '@st/testkit';
import { z } from 'zod';

const Command = z.discriminatedUnion('t', [
  z.object({ t: z.literal('open'), urls: z.array(z.string()), tokens: z.array(z.string()) }),
  /** drop `count` links and open them again all at once (presence churn) */
  z.object({ t: z.literal('churn'), count: z.number().int() }),
  z.object({ t: z.literal('count') }),
  z.object({ t: z.literal('close') }),
]);

const links: LightLink[] = [];
const tokens: string[] = [];
const urls: string[] = [];
const send = (m: unknown) => process.send?.(m);
const reconnect = { delayMs: 5000, jitterMs: 2500 };

async function openAll(from: number, to: number, batch: number): Promise<number> {
  let failed = 0;
  for (let i = from; i < to; i += batch) {
    await Promise.all(
      tokens.slice(i, Math.min(i + batch, to)).map(async (token, j) => {
        const link = new LightLink({ url: urls[(i + j) % urls.length] ?? '', token, reconnect });
        links[i + j] = link;
        await link.start().catch(() => {
          failed += 1;
        });
      }),
    );
  }
  return failed;
}

process.on('message', (raw) => {
  const cmd = Command.parse(raw);
  void (async () => {
    if (cmd.t === 'open') {
      urls.push(...cmd.urls);
      tokens.push(...cmd.tokens);
      const failed = await openAll(0, tokens.length, 100);
      send({ t: 'opened', linked: links.filter((l) => l.linked).length, failed });
    } else if (cmd.t === 'churn') {
      const n = Math.min(cmd.count, links.length);
      for (const l of links.slice(0, n)) l.close();
      const started = Date.now();
      const failed = await openAll(0, n, n); // all at once
      send({ t: 'churned', ms: Date.now() - started, failed });
    } else if (cmd.t === 'count') {
      send({
        t: 'count',
        linked: links.filter((l) => l.linked).length,
        answered: links.reduce((a, l) => a + l.answered, 0),
        dropped: links.filter((l) => l.lastDownAt > 0).length,
      });
    } else {
      for (const l of links) l.close();
      send({ t: 'closed' });
    }
  })();
});
send({ t: 'ready' });
