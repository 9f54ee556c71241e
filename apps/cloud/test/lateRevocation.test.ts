import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, field, startCloud, type TestCloud, testStorage } from './helpers';
import { type EchoLink, openEchoLink } from './support/echoLink';

/**
 * A new gateway token ends the links of the old one through a cluster message ("closeGateway"), which Redis may
 * deliver after the gateway has already linked again with its new token (seen under load: the new link was
 * closed as "revoked" and the gateway, told its token was refused, stopped retrying). A revocation now ends only
 * the links whose token is no longer current, whenever it arrives.
 */
describe('a revocation that arrives late', () => {
  let storage: Awaited<ReturnType<typeof testStorage>>;
  let cloud: TestCloud;
  let owner: Browser;
  const links: EchoLink[] = [];
  beforeAll(async () => {
    storage = await testStorage('sqlite');
    cloud = await startCloud(storage.overrides);
    owner = new Browser(cloud.url);
    await owner.login();
  });
  afterAll(async () => {
    for (const l of links) await l.close();
    await cloud?.stop();
    await storage?.stop();
  });

  const newToken = async (g: string) =>
    field((await owner.call('POST', `/api/auth/gateway/${g}`)).body, 'token');
  const online = async (g: string) =>
    (await owner.call('GET', `/api/gateway/management/${g}`)).body as { online?: boolean };
  const openLink = async (g: string, token: string) => {
    const link = await openEchoLink(cloud.url, token, owner, g);
    links.push(link);
    return link;
  };
  /** A new gateway, linked with its first token. */
  const linkedGateway = async (name: string) => {
    const g = field((await owner.call('POST', '/api/gateway/management/create', { name })).body, 'id');
    return { g, link: await openLink(g, await newToken(g)) };
  };

  it('keeps the link of the new token and ends the link of the old one', async () => {
    const { g, link: oldLink } = await linkedGateway('late');
    const fresh = await newToken(g);
    // the new token's own revocation has closed the old link
    await expect.poll(() => oldLink.client.connected).toBe(false);
    const newLink = await openLink(g, fresh);

    // The same revocation again, as a node receives it when Redis delivers it after the relink.
    await cloud.server.links.revoke(g);
    await new Promise((r) => setTimeout(r, 300));
    expect(newLink.client.connected).toBe(true);
    expect((await online(g)).online).toBe(true);
    const ping = await owner.call('POST', '/api/gateway/requests/command', { gatewayId: g, command: 'PING' });
    expect(ping.status).toBe(200);
  });

  it('still ends every link when the token is deleted, and when the gateway is deleted', async () => {
    const { g, link } = await linkedGateway('gone');
    expect((await owner.call('POST', `/api/auth/gateway/logout/${g}`)).status).toBe(200);
    await expect.poll(() => link.client.connected).toBe(false);

    const { g: h, link: other } = await linkedGateway('deleted');
    expect((await owner.call('DELETE', `/api/gateway/management/delete/${h}`)).status).toBe(200);
    await expect.poll(() => other.client.connected).toBe(false);
  });
});
