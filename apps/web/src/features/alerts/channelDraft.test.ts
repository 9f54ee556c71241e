import { AlertChannel } from '@st/protocol';
import { describe, expect, it } from 'vitest';
import { fromDraft, toDraft } from './channelDraft';

describe('channel drafts', () => {
  it('carries the e-mail plain-login choice both ways and leaves a stored password out', () => {
    const stored = AlertChannel.parse({
      id: 'mail',
      type: 'email',
      host: 'smtp.lan',
      port: 25,
      user: 'me',
      hasPassword: true,
      allowInsecureLogin: true,
      from: 'a@example.com',
      to: ['b@example.com'],
    });
    const draft = toDraft(stored);
    expect(draft).toMatchObject({ insecureLogin: true, stored: true, secret: '' });
    const sent = fromDraft({ ...draft, insecureLogin: false });
    expect(sent).toMatchObject({ type: 'email', allowInsecureLogin: false });
    expect(sent).not.toHaveProperty('password');
    expect(AlertChannel.parse(sent)).toMatchObject({ allowInsecureLogin: false });
  });
});
