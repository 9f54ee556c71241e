import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectStompClient } from '@st/stomp/client';
import { freeTcpPort, freeUdpPort } from '@st/testkit';
import type { Client, IMessage } from '@stomp/stompjs';
import { z } from 'zod';
import { build, type Gateway } from '../src/app';
import { type GatewayConfig, GatewayConfigSchema } from '../src/config';

export interface RunningGateway {
  readonly gateway: Gateway;
  readonly base: string;
  readonly wsUrl: string;
  readonly logPort: number;
  readonly config: GatewayConfig;
  stop(): Promise<void>;
}

/** Ports and data dir a test gateway uses; keep them to restart "the same" gateway. */
export interface GatewaySetup {
  readonly dataDir: string;
  readonly discoveryPort: number;
  readonly logPort: number;
  readonly webDist: string;
  cleanup(): void;
}

export async function gatewaySetup(): Promise<GatewaySetup> {
  const dataDir = mkdtempSync(join(tmpdir(), 'st-gw-test-'));
  return {
    dataDir,
    discoveryPort: await freeUdpPort(),
    logPort: await freeTcpPort(),
    webDist: join(dataDir, 'no-web-build'),
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** Builds and starts a gateway on loopback with private ports; `overrides` tune timings per test. */
export async function startGateway(
  setup: GatewaySetup,
  overrides: Partial<GatewayConfig> = {},
): Promise<RunningGateway> {
  const config: GatewayConfig = {
    ...GatewayConfigSchema.parse({}),
    port: 0,
    host: '127.0.0.1',
    dataDir: setup.dataDir,
    multicastIf: '127.0.0.1',
    discoveryPort: setup.discoveryPort,
    logPort: setup.logPort,
    webDist: setup.webDist,
    logLevel: 'silent',
    ...overrides,
  };
  const gateway = await build(config);
  const { port } = await gateway.start();
  return {
    gateway,
    config,
    base: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/api/st-ws`,
    logPort: setup.logPort,
    stop: () => gateway.stop(),
  };
}

/** A real STOMP client (stompjs over ws) subscribed to `destination`, collecting JSON bodies. */
export async function subscribe(
  wsUrl: string,
  destination: string,
): Promise<{ client: Client; messages: unknown[]; close(): Promise<void> }> {
  const client = await connectStompClient(wsUrl);
  const messages: unknown[] = [];
  // A RECEIPT proves the SUBSCRIBE was processed before the test makes anything happen.
  await new Promise<void>((resolve) => {
    const receipt = `sub-${Math.random()}`;
    client.watchForReceipt(receipt, () => resolve());
    client.subscribe(destination, (m: IMessage) => messages.push(JSON.parse(m.body)), { receipt });
  });
  return { client, messages, close: () => client.deactivate() };
}

export interface JsonResponse {
  readonly status: number;
  readonly body: unknown;
  readonly text: string;
}

export async function http(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<JsonResponse> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    init.headers = { 'content-type': 'application/json', ...headers };
  }
  const res = await fetch(base + path, init);
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed, text };
}

export const ErrorBody = z.object({ code: z.string(), message: z.string() });

/** The gateway's `POST /api/device/request`. */
export function command(base: string, device: string, cmd: string, params: Record<string, unknown> = {}) {
  return http(base, 'POST', '/api/device/request', { command: cmd, device, params });
}
