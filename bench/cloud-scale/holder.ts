// A child process holding thousands of light gateway links (linkHolder.ts), driven over IPC: each command
// is answered by a message of the type the caller waits for.
import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';

const here = new URL('.', import.meta.url).pathname;

export class Holder {
  private readonly waiting = new Map<string, (m: Record<string, unknown>) => void>();
  constructor(readonly child: ChildProcess) {
    child.on('message', (m: Record<string, unknown>) => {
      const t = String(m.t);
      this.waiting.get(t)?.(m);
      this.waiting.delete(t);
    });
  }
  /** `execArgv`: more options for node (a preloaded probe); `env`: added to this process's environment */
  static async start(opts: { execArgv?: string[]; env?: Record<string, string> } = {}): Promise<Holder> {
    const child = fork(join(here, 'linkHolder.ts'), [], {
      execArgv: ['--import', 'tsx', ...(opts.execArgv ?? [])],
      env: { ...process.env, ...opts.env },
    });
    const h = new Holder(child);
    await h.next('ready');
    return h;
  }
  next(t: string): Promise<Record<string, unknown>> {
    return new Promise((resolve) => this.waiting.set(t, resolve));
  }
  async ask(cmd: Record<string, unknown>, answer: string): Promise<Record<string, unknown>> {
    const reply = this.next(answer);
    this.child.send(cmd);
    return reply;
  }
}
