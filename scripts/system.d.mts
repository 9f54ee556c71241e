export interface SystemOptions {
  dataDir: string;
  cloudPort?: number;
  gatewayPort?: number;
  devices?: number;
  firstIp?: string;
  discoveryPort?: number;
  logPort?: number;
  host?: string;
}
export interface RunningSystem {
  cloudUrl: string;
  gatewayUrl: string;
  login: string;
  password: string;
  logDir: string;
  stop(): Promise<void>;
}
export function startSystem(opts: SystemOptions): Promise<RunningSystem>;
