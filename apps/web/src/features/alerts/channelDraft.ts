import type { AlertChannel, AlertChannelType } from '@st/protocol';

/** A channel as the form edits it: every field as text; secrets empty (typed anew, or kept when stored). */
export interface ChannelDraft {
  key: number;
  id: string;
  type: AlertChannelType;
  url: string;
  secret: string;
  /** the server keeps a secret for this channel (GET said so) */
  stored: boolean;
  topic: string;
  host: string;
  port: string;
  secure: boolean;
  /** the password may go without TLS (the server asks for the password again when this is turned on) */
  insecureLogin: boolean;
  user: string;
  from: string;
  to: string;
  /** saved on the server as it is now (a test sends what is saved) */
  saved: boolean;
}

let nextKey = 1;

export function newDraft(type: AlertChannelType, taken: readonly string[]): ChannelDraft {
  let n = 1;
  while (taken.includes(`${type}-${n}`)) n++;
  return {
    key: nextKey++,
    id: `${type}-${n}`,
    type,
    url: type === 'ntfy' ? 'https://ntfy.sh' : '',
    secret: '',
    stored: false,
    topic: '',
    host: '',
    port: '587',
    secure: false,
    insecureLogin: false,
    user: '',
    from: '',
    to: '',
    saved: false,
  };
}

export function toDraft(c: AlertChannel): ChannelDraft {
  const base = { ...newDraft(c.type, []), id: c.id, saved: true };
  if (c.type === 'webhook') return { ...base, url: c.url, stored: c.hasSecret === true };
  if (c.type === 'ntfy') return { ...base, url: c.url, topic: c.topic, stored: c.hasToken === true };
  return {
    ...base,
    host: c.host,
    port: String(c.port),
    secure: c.secure,
    insecureLogin: c.allowInsecureLogin,
    user: c.user ?? '',
    from: c.from,
    to: c.to.join(', '),
    stored: c.hasPassword === true,
  };
}

/** What PUT sends: an empty secret is left out, so the stored one stays. */
export function fromDraft(d: ChannelDraft): AlertChannel {
  const secret = d.secret === '' ? {} : undefined;
  if (d.type === 'webhook')
    return { id: d.id.trim(), type: 'webhook', url: d.url.trim(), ...(secret ?? { secret: d.secret }) };
  if (d.type === 'ntfy') {
    return {
      id: d.id.trim(),
      type: 'ntfy',
      url: d.url.trim(),
      topic: d.topic.trim(),
      ...(secret ?? { token: d.secret }),
    };
  }
  return {
    id: d.id.trim(),
    type: 'email',
    host: d.host.trim(),
    port: Number(d.port),
    secure: d.secure,
    allowInsecureLogin: d.insecureLogin,
    ...(d.user.trim() ? { user: d.user.trim() } : {}),
    ...(secret ?? { password: d.secret }),
    from: d.from.trim(),
    to: d.to
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== ''),
  };
}
