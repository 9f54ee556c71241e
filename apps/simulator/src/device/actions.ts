import type { DeviceAction, DeviceLogLevel } from '@st/protocol';
import type { ActionDef } from './kinds';
import type { DeviceSettings } from './settings';

export interface ActionDeps {
  scheduler: boolean;
  settings: DeviceSettings;
  uptime: () => number;
  log: (level: DeviceLogLevel, tag: string, message: string) => void;
  persist: () => void;
}

/**
 * Actions: calls, the periodic scheduler (`callDelay`) and `lastCall` bookkeeping (device-protocol.md §1.8).
 * The scheduler's clock is the uptime: an action's last scheduled call time starts at 0 at boot and scheduling
 * does not touch it, so right after scheduling `lastCall` equals the uptime, and a never-called action runs as
 * soon as the uptime exceeds `callDelay` (device-protocol.md §11.3).
 */
export class ActionManager {
  /** Uptime of each action's last scheduled call; absent = 0 (never called since boot). */
  private readonly lastScheduled = new Map<string, number>();

  constructor(
    readonly actions: readonly ActionDef[],
    private readonly deps: ActionDeps,
  ) {}

  names(): string[] {
    return this.actions.map((a) => a.name);
  }

  list(): DeviceAction[] {
    const up = this.deps.uptime();
    return this.actions.map((a) => {
      if (!this.deps.scheduler) return { name: a.name, caption: a.caption };
      const callDelay = this.deps.settings.schedules.get(a.name) ?? 0;
      const lastCall = callDelay ? up - (this.lastScheduled.get(a.name) ?? 0) : 0;
      return { name: a.name, caption: a.caption, callDelay, lastCall };
    });
  }

  /** undefined = no such action; false = the action failed. */
  call(name: string): boolean | undefined {
    const action = this.actions.find((a) => a.name === name);
    if (!action) return undefined;
    this.deps.log(20, 'actions_manager', `Calling action name=${name}`);
    const ok = action.run();
    if (!ok) this.deps.log(40, 'actions_manager', `Action ${name} failed`);
    return ok;
  }

  /** Sets the period (0 disables); false for an unknown action. */
  schedule(name: string, callDelay: number): boolean {
    if (!this.actions.some((a) => a.name === name)) return false;
    if (callDelay > 0) this.deps.settings.schedules.set(name, callDelay);
    else this.deps.settings.schedules.delete(name);
    this.deps.persist();
    this.deps.log(20, 'actions_manager', `Action ${name} call delay set to ${callDelay}`);
    return true;
  }

  /** Runs scheduled actions whose period has passed. */
  tick(): void {
    if (!this.deps.scheduler) return;
    const up = this.deps.uptime();
    for (const [name, delay] of this.deps.settings.schedules) {
      if (delay > 0 && up - (this.lastScheduled.get(name) ?? 0) > delay) {
        this.lastScheduled.set(name, up);
        this.call(name);
      }
    }
  }

  /** At boot the clock starts again. */
  reset(): void {
    this.lastScheduled.clear();
  }
}
