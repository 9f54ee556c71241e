import {
  ApiError,
  apiErrorBody,
  type CloudIdentity,
  type ConnectionProblem,
  type ConnectionStatus,
  LINK_DESTINATIONS,
  type LinkRequest,
  type LinkResponse,
  TIMEOUTS,
} from '@st/protocol';
import type { HttpApp, Logger } from '@st/server-kit';
import type { GatewayBus } from '../events/gatewayEvents';
import { fetchBackupCopies } from './backups';
import { fetchIdentity, linkUrl, revokeToken } from './cloudApi';
import { LinkConnection, TokenRefusedError } from './connection';
import type { CloudCredentials, CredentialsFile } from './credentials';
import { TopicForwarder } from './forwarding';
import { runLinkRequest } from './requests';

export interface CloudLinkOptions {
  /** pause between reconnect attempts (default 5000 ms) */
  reconnectDelayMs?: number;
  /**
   * up to this much is added at random to each pause (default: half the pause, 2500 ms), so the gateways of
   * a cloud node that died do not all relink in the same instant; 5000 + 2500 keeps a relink within 10 s
   */
  reconnectJitterMs?: number;
  /** STOMP heart-beat both ways (default 10000 ms) */
  heartbeatMs?: number;
  connectTimeoutMs?: number;
}

export interface CloudLinkDeps {
  app: HttpApp;
  bus: GatewayBus;
  file: CredentialsFile;
  logger: Logger;
  publishStatus: (status: ConnectionStatus, problem?: ConnectionProblem) => void;
}

/**
 * The gateway's link to its cloud, with the spec's status machine: connect (user or saved wish at start),
 * disconnect, logout; after a lost link or a failed attempt it retries every `reconnectDelayMs` for as long
 * as the user wants to be connected. Every status change is published.
 */
export class CloudLink {
  private state: ConnectionStatus = 'NOT_CONNECTED';
  private problemNow: ConnectionProblem | undefined;
  private credentials: CloudCredentials | undefined;
  private connection: LinkConnection | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** bumped whenever the link is torn down, so an attempt that finishes later knows it is stale */
  private generation = 0;
  private readonly forwarder: TopicForwarder;
  private readonly delayMs: number;

  constructor(
    private readonly deps: CloudLinkDeps,
    private readonly opts: CloudLinkOptions = {},
  ) {
    this.delayMs = opts.reconnectDelayMs ?? TIMEOUTS.reconnectDelayMs;
    this.forwarder = new TopicForwarder(deps.bus, (topic, payload) =>
      this.connection?.send(LINK_DESTINATIONS.events, { topic, payload }),
    );
  }

  get status(): ConnectionStatus {
    return this.state;
  }

  /** Why the link is down when retrying cannot help (the cloud refused the token). */
  get problem(): ConnectionProblem | undefined {
    return this.problemNow;
  }

  get identity(): CloudIdentity | undefined {
    return this.credentials?.identity;
  }

  get cloudUrl(): string | undefined {
    return this.credentials?.cloudUrl;
  }

  /** Offers one message of a gateway topic the bus does not carry (OTA progress) for forwarding. */
  forward(topic: string, payload: unknown): void {
    this.forwarder.offer(topic, payload);
  }

  /**
   * Sends one message to a link destination and waits for the cloud to confirm it handled it (backups: stored);
   * false when not connected, when the link ends first, or after `timeoutMs` without the confirmation.
   */
  sendConfirmed(destination: string, payload: unknown, timeoutMs: number): Promise<boolean> {
    if (this.state !== 'CONNECTED' || !this.connection) return Promise.resolve(false);
    return this.connection.sendConfirmed(destination, payload, timeoutMs);
  }

  /** This gateway record's backups kept by the cloud (a new gateway pulls them). */
  backupCopies() {
    const c = this.credentials;
    if (!c) throw new ApiError('BACKUP_CLOUD_UNAVAILABLE');
    return fetchBackupCopies(c.cloudUrl, c.token);
  }

  start(): void {
    this.forwarder.start();
    this.credentials = this.deps.file.load((reason) =>
      this.deps.logger.warn({ reason }, 'ignoring an unreadable cloud credentials file'),
    );
    if (this.credentials?.connect) void this.connect().catch(() => undefined);
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.forwarder.stop();
    await this.dropConnection();
  }

  /** Checks the token with the cloud and keeps the credentials (does not connect). */
  async login(cloudUrl: string, token: string): Promise<CloudIdentity> {
    const identity = await fetchIdentity(cloudUrl, token);
    this.problemNow = undefined;
    await this.halt('DISCONNECTED');
    this.credentials = { cloudUrl, token, identity, connect: false };
    this.deps.file.save(this.credentials);
    return identity;
  }

  /** Forgets the cloud: deletes the token there (best effort), disconnects, removes the credentials. */
  async logout(): Promise<void> {
    const c = this.credentials;
    this.problemNow = undefined;
    await this.halt('DISCONNECTED');
    if (c) await revokeToken(c.cloudUrl, c.token, c.identity.gateway.id);
    this.credentials = undefined;
    this.deps.file.clear();
    this.setStatus('NOT_CONNECTED');
  }

  /** Connects now; on failure answers the error and keeps retrying in the background. */
  async connect(): Promise<void> {
    const c = this.credentials;
    if (!c) throw new ApiError('CLOUD_NOT_CONFIGURED');
    await this.halt('DISCONNECTED');
    this.remember(true);
    this.problemNow = undefined;
    this.setStatus('CONNECTING');
    try {
      await this.open(c);
      this.setStatus('CONNECTED');
    } catch (e) {
      if (this.refused(e)) throw new ApiError('CLOUD_ACCESS_DENIED');
      this.setStatus('FAILED_TO_CONNECT');
      this.scheduleReconnect();
      throw new ApiError('CLOUD_CONNECT_FAILED', `Failed to connect to the cloud: ${reason(e)}`);
    }
  }

  async disconnect(): Promise<void> {
    this.problemNow = undefined;
    this.remember(false);
    await this.halt('DISCONNECTED');
  }

  /** Stops retrying and closes the link; `status` is published if there was something to stop. */
  private async halt(status: ConnectionStatus): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const had = this.connection !== undefined || this.state !== 'NOT_CONNECTED';
    await this.dropConnection();
    if (had) this.setStatus(status);
  }

  private async dropConnection(): Promise<void> {
    this.generation += 1;
    const conn = this.connection;
    this.connection = undefined;
    this.forwarder.reset();
    await conn?.close();
  }

  private remember(connect: boolean): void {
    if (!this.credentials || this.credentials.connect === connect) return;
    this.credentials = { ...this.credentials, connect };
    this.deps.file.save(this.credentials);
  }

  private async open(c: CloudCredentials): Promise<void> {
    const conn = new LinkConnection(
      linkUrl(c.cloudUrl),
      c.token,
      {
        heartbeatMs: this.opts.heartbeatMs ?? TIMEOUTS.heartbeatMs,
        connectTimeoutMs: this.opts.connectTimeoutMs ?? TIMEOUTS.consoleRequestMs,
      },
      {
        request: (req) => this.run(req),
        control: (control) => this.forwarder.apply(control),
        lost: (why) => this.onLost(conn, why),
        warn: (obj, msg) => this.deps.logger.warn(obj, msg),
      },
    );
    const generation = this.generation;
    this.connection = conn;
    try {
      await conn.open();
    } catch (e) {
      if (this.connection === conn) this.connection = undefined;
      throw e;
    }
    if (generation !== this.generation || this.connection !== conn) {
      await conn.close();
      throw new Error('cancelled');
    }
  }

  private async run(req: LinkRequest): Promise<LinkResponse> {
    try {
      return await runLinkRequest(this.deps.app, req);
    } catch (err) {
      this.deps.logger.error({ err }, 'relayed request failed');
      const body = JSON.stringify(apiErrorBody('INTERNAL'));
      return {
        id: req.id,
        status: 500,
        headers: {},
        body: { encoding: 'utf8', text: body },
        timings: { gatewayMs: 0 },
      };
    }
  }

  private onLost(conn: LinkConnection, why: string): void {
    if (this.connection !== conn) return;
    this.connection = undefined;
    this.forwarder.reset();
    this.deps.logger.warn({ reason: why }, 'cloud link lost');
    this.setStatus('CONNECTION_LOST');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (!this.credentials?.connect) return;
    clearTimeout(this.timer);
    const jitter = Math.random() * (this.opts.reconnectJitterMs ?? this.delayMs / 2);
    this.timer = setTimeout(() => void this.reconnect(), this.delayMs + jitter);
  }

  private async reconnect(): Promise<void> {
    this.timer = undefined;
    const c = this.credentials;
    if (!c?.connect) return;
    this.setStatus('RECONNECTING');
    try {
      await this.open(c);
      this.setStatus('CONNECTED');
    } catch (e) {
      if (this.refused(e)) return;
      this.deps.logger.debug({ reason: reason(e) }, 'cloud reconnect failed');
      this.scheduleReconnect();
    }
  }

  /** A refused token ends the retries: FAILED_TO_CONNECT with the problem, until reconnect or a new token. */
  private refused(e: unknown): boolean {
    if (!(e instanceof TokenRefusedError)) return false;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.deps.logger.warn('the cloud refused the gateway token; not retrying until reconnect or a new token');
    this.problemNow = 'TOKEN_REFUSED';
    this.state = 'FAILED_TO_CONNECT';
    this.deps.publishStatus('FAILED_TO_CONNECT', 'TOKEN_REFUSED');
    return true;
  }

  private setStatus(status: ConnectionStatus): void {
    if (status === this.state) return;
    this.state = status;
    this.deps.publishStatus(status);
  }
}

function reason(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
