// The users' side of the relay bench: relayed calls at a fixed rate, spread over the gateways and over the nodes
// a user talks to (a balancer's choice), through the light HTTP client or, with BENCH_SCALE_CLIENT=fetch, fetch.
import { LightHttpClient } from './lightHttp';

type Answer = { status: number; body: string };

const TICK_MS = 10;
const CALL = { url: '/api/build', method: 'GET' };
const PLAIN_GET = process.env.BENCH_SCALE_PLAIN_GET;

export class RelayUsers {
  readonly useFetch = process.env.BENCH_SCALE_CLIENT === 'fetch';
  private readonly clients: LightHttpClient[];

  constructor(
    private readonly nodeUrls: readonly string[],
    private readonly cookie: string,
    private readonly gatewayIds: readonly string[],
    private readonly rate: number,
  ) {
    this.clients = nodeUrls.map((url) => new LightHttpClient(url, { cookie }));
  }

  /** How the calls are sent, for the figures (with the connections the light client opened). */
  get label(): string {
    const sockets = this.clients.reduce((a, c) => a + c.sockets, 0);
    return this.useFetch ? 'fetch' : `light HTTP/1.1, ${sockets} connections`;
  }

  /**
   * Users who keep calling (the steady state the figures are for): their browsers hold open connections, and
   * `ms` of calls at the rate, not counted, come first. Without them the first second of a window was the step
   * from idle to the full rate with no connection open (docs/performance.md). fetch keeps the old cold start.
   */
  async warm(connectionsPerNode: number, ms: number): Promise<void> {
    if (this.useFetch) return;
    await Promise.all(this.clients.map((c) => c.warm(connectionsPerNode)));
    await this.drive(ms, () => undefined);
  }

  /** Calls at the target rate for `ms` (open loop: every call leaves on time, whatever the others do). */
  async drive(
    ms: number,
    onAnswer: (t0: number, r: Answer) => void,
  ): Promise<{ sent: number; error: number }> {
    const perTick = (this.rate * TICK_MS) / 1000;
    const from = Date.now();
    let n = 0;
    let pending = 0;
    let error = 0;
    while (Date.now() - from < ms) {
      const due = Math.floor(((Date.now() - from) / TICK_MS + 1) * perTick);
      for (; n < due; n++) {
        const g = this.gatewayIds[Math.floor(Math.random() * this.gatewayIds.length)];
        const t0 = performance.now();
        pending += 1;
        this.call(n, `/api/gateway/requests/${g}`).then(
          (r) => {
            pending -= 1;
            onAnswer(t0, r);
          },
          () => {
            pending -= 1;
            error += 1;
          },
        );
      }
      await new Promise((r) => setTimeout(r, TICK_MS));
    }
    while (pending > 0) await new Promise((r) => setTimeout(r, 5));
    return { sent: n, error };
  }

  close(): void {
    for (const c of this.clients) c.close();
  }

  private async call(i: number, path: string): Promise<Answer> {
    const client = this.clients[i % this.clients.length] as LightHttpClient;
    // BENCH_SCALE_PLAIN_GET=<path>: the same rate on a plain public GET instead (no session, no relay, no
    // link): what the node's HTTP layer costs alone, e.g. the old-generation inflow (docs/performance.md)
    if (PLAIN_GET) return client.get(PLAIN_GET);
    if (!this.useFetch) return client.postJson(path, CALL);
    const r = await fetch(`${this.nodeUrls[i % this.nodeUrls.length]}${path}`, {
      method: 'POST',
      headers: { cookie: this.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(CALL),
    });
    return { status: r.status, body: await r.text() };
  }
}
