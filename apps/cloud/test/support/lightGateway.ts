import { Gateway, TokenResponse } from '@st/protocol';
import { LightLink, type LightLinkOptions } from '@st/testkit';
import { Browser } from '../helpers';

/** Signs in as the admin at `url`, creates a gateway and links a light gateway client for it (started). */
export async function linkLightGateway(
  url: string,
  opts: Omit<LightLinkOptions, 'url' | 'token'> = {},
): Promise<LightLink> {
  const user = new Browser(url);
  await user.login();
  const id = Gateway.parse(
    (await user.call('POST', '/api/gateway/management/create', { name: 'Home' })).body,
  ).id;
  const token = TokenResponse.parse((await user.call('POST', `/api/auth/gateway/${id}`)).body).token;
  const link = new LightLink({ ...opts, url: `${url.replace(/^http/, 'ws')}/api/st-ws`, token });
  await link.start();
  return link;
}
