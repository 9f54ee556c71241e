// Cloud memory per linked gateway: 1,000 gateway records with tokens, then 1,000 light link clients (raw
// WebSocket STOMP sessions that authenticate with the gateway token and subscribe to the link destinations,
// exactly what a gateway does, without 1,000 gateway processes). Prints the cloud's RSS before and after and
// the cost per link, and checks the cloud sees every gateway online.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GATEWAY_TOKEN_HEADER, Gateway, LINK_DESTINATIONS, TokenResponse } from '@st/protocol';
import { freeTcpPort, waitFor } from '@st/testkit';
import WebSocket from 'ws';
import { z } from 'zod';
import { runIfMain } from '../lib/cli';
import { sample, startApp, waitHttpOk } from '../lib/process';

const LINKS = Number(process.env.BENCH_LINKS ?? 1000);
const WINDOW_MS = 10_000;

function frame(command: string, headers: Record<string, string>): string {
  return `${command}\n${Object.entries(headers)
    .map(([k, v]) => `${k}:${v}`)
    .join('\n')}\n\n\0`;
}

/** A minimal gateway link: CONNECT with the token, subscribe to requests and topic control, heart-beat. */
function openLink(wsUrl: string, token: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl, ['v12.stomp']);
    ws.once('error', reject);
    ws.once('open', () =>
      ws.send(
        frame('CONNECT', {
          'accept-version': '1.2',
          host: 'cloud',
          'heart-beat': '10000,10000',
          [GATEWAY_TOKEN_HEADER]: token,
        }),
      ),
    );
    ws.on('message', (data) => {
      const text = data.toString();
      if (text.startsWith('CONNECTED')) {
        ws.send(frame('SUBSCRIBE', { id: 'topics', destination: LINK_DESTINATIONS.topics }));
        ws.send(frame('SUBSCRIBE', { id: 'requests', destination: LINK_DESTINATIONS.requests }));
        const beat = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send('\n'), 9000);
        ws.once('close', () => clearInterval(beat));
        resolve(ws);
      } else if (text.startsWith('ERROR')) reject(new Error(text));
    });
  });
}

export async function run() {
  const dir = mkdtempSync(join(tmpdir(), 'st-bench-links-'));
  const port = await freeTcpPort();
  const url = `http://127.0.0.1:${port}`;
  const password = 'bench-password-1';
  const cloud = startApp('cloud', {
    ST_PORT: String(port),
    ST_HOST: '127.0.0.1',
    ST_DATA_DIR: dir,
    ST_ADMIN_LOGIN: 'admin',
    ST_ADMIN_PASSWORD: password,
  });
  const sockets: WebSocket[] = [];
  try {
    await waitHttpOk(`${url}/api/build`);
    const login = await fetch(`${url}/api/auth/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'admin', password }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const tokens: string[] = [];
    for (let i = 0; i < LINKS; i++) {
      const created = await fetch(`${url}/api/gateway/management/create`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `gw-${i}`, description: 'bench' }),
      });
      const gw = Gateway.parse(await created.json());
      const tok = await fetch(`${url}/api/auth/gateway/${gw.id}`, { method: 'POST', headers: { cookie } });
      tokens.push(TokenResponse.parse(await tok.json()).token);
    }
    await new Promise((r) => setTimeout(r, 3000));
    const before = await sample(cloud.pid, WINDOW_MS);
    console.log(`cloud with ${LINKS} gateway records, no links: ${before.rssMiB.toFixed(1)} MiB`);
    const wsUrl = `ws://127.0.0.1:${port}/api/st-ws`;
    for (let i = 0; i < tokens.length; i += 50) {
      sockets.push(...(await Promise.all(tokens.slice(i, i + 50).map((t) => openLink(wsUrl, t)))));
    }
    const list = async () =>
      z
        .array(Gateway)
        .parse(await (await fetch(`${url}/api/gateway/management/list`, { headers: { cookie } })).json());
    await waitFor(async () => (await list()).every((g) => g.online), {
      timeoutMs: 60_000,
      what: 'every gateway online',
    });
    const after = await sample(cloud.pid, WINDOW_MS);
    const perLinkKiB = ((after.rssMiB - before.rssMiB) * 1024) / LINKS;
    console.log(
      `with ${LINKS} links: ${after.rssMiB.toFixed(1)} MiB, ${perLinkKiB.toFixed(1)} KiB per link, idle CPU ${after.cpuPercent.toFixed(1)}%`,
    );
    return {
      links: LINKS,
      rssBeforeMiB: before.rssMiB,
      rssAfterMiB: after.rssMiB,
      perLinkKiB,
      idleCpuPercent: after.cpuPercent,
    };
  } finally {
    for (const s of sockets) s.terminate();
    await cloud.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, async () => console.log(await run()));
