import { LINK_DESTINATIONS, LinkRequest } from '@st/protocol';
import { connectStompClient } from '@st/stomp/client';
import { waitFor } from '@st/testkit';
import type { Client } from '@stomp/stompjs';
import type { Browser } from '../helpers';

/**
 * A gateway link speaking the link protocol over a real STOMP connection, answering every relayed request
 * with 200 `{kind, what}` and keeping what it received. The edge of the authorization matrix: it shows
 * exactly which calls crossed the cloud and reached the link.
 */
export interface EchoLink {
  client: Client;
  received: LinkRequest[];
  close(): Promise<void>;
}

export async function openEchoLink(cloudUrl: string, token: string, owner: Browser, gatewayId: string) {
  const received: LinkRequest[] = [];
  const client = await connectStompClient(`${cloudUrl.replace(/^http/, 'ws')}/api/st-ws`, {
    httpHeaders: { 'smartthing-token-gateway': token },
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
  });
  client.subscribe(LINK_DESTINATIONS.topics, () => undefined);
  client.subscribe(LINK_DESTINATIONS.requests, (m) => {
    const req = LinkRequest.parse(JSON.parse(m.body));
    received.push(req);
    const what = req.kind === 'relay' ? `${req.method} ${req.url}` : req.command;
    const response = {
      id: req.id,
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: { encoding: 'utf8', text: JSON.stringify({ kind: req.kind, what }) },
      timings: { gatewayMs: 0 },
    };
    client.publish({ destination: LINK_DESTINATIONS.responses, body: JSON.stringify(response) });
  });
  await waitFor(async () => {
    const r = await owner.call('GET', `/api/gateway/management/${gatewayId}`);
    return (r.body as { online?: boolean }).online === true;
  });
  return { client, received, close: () => client.deactivate() } satisfies EchoLink;
}
