import { HookDraftSchema, newHookDraft } from '@st/protocol';
import { describe, expect, it } from 'vitest';
import { hookSavePayload, hookTitle } from './hookPayload';

describe('the hook the console sends', () => {
  it('a new hook goes without its temporary id and without empty values', () => {
    const draft = {
      ...newHookDraft('http', { url: { required: true }, trigger: { type: 'number' } }),
      url: 'http://x/{v}',
      trigger: null,
    };
    const payload = hookSavePayload(draft);
    expect(payload).toEqual({ type: 'http', url: 'http://x/{v}' });
    expect(HookDraftSchema.safeParse(payload).success).toBe(true);
  });
  it('an existing hook is sent whole with its id, without what only the device computes', () => {
    const hook = {
      id: 3,
      readonly: false,
      type: 'http',
      lastResponseCode: 200,
      url: 'u',
      method: '2',
      payload: '',
    };
    expect(hookSavePayload(hook)).toEqual({ id: 3, type: 'http', url: 'u', method: '2', payload: '' });
  });
  it('titles a hook by id and caption, else by its humanised type', () => {
    expect(hookTitle({ id: 'New', type: 'action' }, 'action')).toBe('[New] action');
    expect(hookTitle({ id: 2, type: 'http', caption: 'Ping' }, 'http')).toBe('[2] Ping');
  });
});
