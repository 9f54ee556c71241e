import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HookTemplate, HookTemplates } from './device/index';
import {
  canModifyHook,
  convertHookFieldValue,
  effectiveHookTemplate,
  hookCreatePayload,
  hookGenericFields,
  hookTypesOf,
  humanizeHookType,
  isHookFieldEditable,
  missingRequiredFields,
  newHookDraft,
  semicolonUnsafeHookFields,
} from './hooks';

const templates: HookTemplates = {
  default: {
    trigger: { required: false },
    compareType: { required: true, values: ['eq', 'neq', 'gte', 'lte'], default: 'eq' },
    threshold: { type: 'number' },
  },
  action: { action: { required: true, values: { on: 'Turn on', off: 'Turn off' } } },
  http: {
    url: { required: true },
    method: { required: true, values: { 1: 'GET', 2: 'POST' }, default: '1' },
    payload: { type: 'text' },
    compareType: { required: false, default: 'gte' },
  },
  notification: {
    message: { required: true },
    notificationType: { type: 'number', default: '2' },
    sendAlways: { type: 'checkbox' },
  },
};

describe('hook templates', () => {
  it('lists the hook types without the default entry', () => {
    expect(hookTypesOf(templates)).toEqual(['action', 'http', 'notification']);
  });

  it('captions types as spaced lower-case words', () => {
    expect(humanizeHookType('notification_hook')).toBe('notification hook');
    expect(humanizeHookType('sendHttpRequest')).toBe('send http request');
  });

  it('overlays the default template on the type template, default winning', () => {
    const http = effectiveHookTemplate(templates, 'http');
    expect(Object.keys(http).sort()).toEqual([
      'compareType',
      'method',
      'payload',
      'threshold',
      'trigger',
      'url',
    ]);
    expect(http.compareType).toEqual({ required: true, values: ['eq', 'neq', 'gte', 'lte'], default: 'eq' });
  });

  it('requires (and defaults) what the device refuses a hook without, though its template says optional', () => {
    const withNotification: HookTemplates = {
      ...templates,
      notification: {
        message: { required: true },
        notificationType: { values: { '1': 'info', '2': 'warning', '3': 'error' } },
      },
    };
    const tpl = effectiveHookTemplate(withNotification, 'notification');
    expect(tpl.notificationType).toMatchObject({ required: true, default: '1' });
    expect(newHookDraft('notification', tpl)).toMatchObject({ notificationType: '1', message: '' });
    expect(missingRequiredFields({ message: 'hi', notificationType: null, compareType: 'eq' }, tpl)).toEqual([
      'notificationType',
    ]);
  });

  it('gives an unknown type only the default fields', () => {
    expect(Object.keys(effectiveHookTemplate(templates, 'lambda')).sort()).toEqual([
      'compareType',
      'threshold',
      'trigger',
    ]);
    expect(effectiveHookTemplate({}, 'http')).toEqual({});
  });
});

describe('new hook', () => {
  it('starts with id New and the defaults of spec section 5', () => {
    const draft = newHookDraft('notification', effectiveHookTemplate(templates, 'notification'));
    expect(draft).toEqual({
      id: 'New',
      type: 'notification',
      message: '',
      notificationType: 2,
      sendAlways: false,
      trigger: '',
      compareType: 'eq',
      threshold: 0,
    });
  });

  it('is sent to the device without its temporary id', () => {
    const draft = newHookDraft('action', effectiveHookTemplate(templates, 'action'));
    expect(hookCreatePayload(draft)).not.toHaveProperty('id');
    expect(hookCreatePayload(draft)).toHaveProperty('type', 'action');
  });
});

describe('field value conversion', () => {
  it('parses integer and number fields as integers', () => {
    expect(convertHookFieldValue('number', '42')).toBe(42);
    expect(convertHookFieldValue('integer', ' -7 ')).toBe(-7);
    expect(convertHookFieldValue('number', '3.9')).toBe(3);
    expect(convertHookFieldValue('number', 'abc')).toBeNull();
    expect(convertHookFieldValue('number', '')).toBeNull();
  });

  it('makes booleans true only for "true"', () => {
    expect(convertHookFieldValue('boolean', 'true')).toBe(true);
    expect(convertHookFieldValue('boolean', 'yes')).toBe(false);
    expect(convertHookFieldValue('checkbox', true)).toBe(true);
  });

  it('keeps text as text', () => {
    expect(convertHookFieldValue('text', 'a b')).toBe('a b');
    expect(convertHookFieldValue('string', 12)).toBe('12');
    expect(convertHookFieldValue(undefined, 'raw')).toBe('raw');
  });

  it('round-trips every integer through a number field', () => {
    fc.assert(
      fc.property(fc.integer(), (n) => {
        expect(convertHookFieldValue('number', String(n))).toBe(n);
      }),
    );
  });

  it('never yields a non-integer number', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double()), (raw) => {
        const value = convertHookFieldValue('number', raw);
        expect(value === null || Number.isInteger(value)).toBe(true);
      }),
    );
  });
});

describe('required fields', () => {
  const template: HookTemplate = effectiveHookTemplate(templates, 'http');

  it('lists every empty required field', () => {
    expect(missingRequiredFields({ url: ' ', method: null, compareType: 'eq' }, template)).toEqual([
      'url',
      'method',
    ]);
    expect(missingRequiredFields({ url: 'http://x', method: 1, compareType: 'eq' }, template)).toEqual([]);
  });

  it('flags exactly the required fields without a value', () => {
    const value = fc.oneof(
      fc.constant(''),
      fc.constant(null),
      fc.constant(undefined),
      fc.string(),
      fc.integer(),
    );
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('url', 'method', 'compareType', 'payload'), value),
        (hook) => {
          const expected = ['compareType', 'method', 'url'].filter((f) => {
            const v = hook[f];
            return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
          });
          expect(missingRequiredFields(hook, template).sort()).toEqual(expected);
        },
      ),
    );
  });
});

describe('editing rules', () => {
  const hook = {
    id: 3,
    type: 'http',
    readonly: false,
    triggerEnabled: true,
    trigger: 5,
    url: 'u',
    method: 1,
  };

  it('shows only non-system fields as generic fields', () => {
    expect(hookGenericFields(hook)).toEqual(['url', 'method']);
  });

  it('lets a field be edited only while editing and when the template knows it', () => {
    const template = effectiveHookTemplate(templates, 'http');
    expect(isHookFieldEditable('url', template, true)).toBe(true);
    expect(isHookFieldEditable('url', template, false)).toBe(false);
    expect(isHookFieldEditable('lastResponseCode', template, true)).toBe(false);
  });

  it('forbids changing readonly hooks', () => {
    expect(canModifyHook(hook)).toBe(true);
    expect(canModifyHook({ ...hook, readonly: true })).toBe(false);
  });
});

describe('hooks a 1.0 device would break (device-protocol.md §11.7)', () => {
  const http = { type: 'http', url: 'http://h/a;b', method: 2, payload: 'x;y' };
  it('names every http field holding a ; on library 1.0', () => {
    expect(semicolonUnsafeHookFields(http, '1.0')).toEqual(['url', 'payload']);
    expect(semicolonUnsafeHookFields({ ...http, url: 'http://h/', method: '2;' }, '1.0')).toEqual([
      'method',
      'payload',
    ]);
  });
  it('lets safe hooks, notification hooks and other library versions through', () => {
    expect(semicolonUnsafeHookFields({ ...http, url: 'http://h/', payload: '{}' }, '1.0')).toEqual([]);
    expect(semicolonUnsafeHookFields({ type: 'notification', message: 'a;b' }, '1.0')).toEqual([]);
    expect(semicolonUnsafeHookFields(http, '1.1')).toEqual([]);
    expect(semicolonUnsafeHookFields(http, undefined)).toEqual([]);
  });
});
