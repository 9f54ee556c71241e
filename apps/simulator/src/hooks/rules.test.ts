import { describe, expect, it } from 'vitest';
import { hookFromJson, shouldFire } from './hook';
import { resolvePlaceholders } from './placeholders';

const cfg = (k: string) => ({ server: '192.168.1.2', city: 'Oslo' })[k];

describe('placeholder substitution', () => {
  it('replaces {v} and config keys, empties unknown keys', () => {
    expect(resolvePlaceholders('http://{server}/api', '1', cfg, 'esp32')).toBe('http://192.168.1.2/api');
    expect(resolvePlaceholders('{"value": "{v}"}', '1', cfg, 'esp32')).toBe('{"value": "1"}');
    expect(resolvePlaceholders('a{nope}b', '1', cfg, 'esp32')).toBe('ab');
  });

  it('keeps an unclosed placeholder and restarts on a nested {', () => {
    expect(resolvePlaceholders('x {city', '1', cfg, 'esp32')).toBe('x {city');
    expect(resolvePlaceholders('{a{city}', '1', cfg, 'esp32')).toBe('{aOslo');
  });
});

describe('firing rules', () => {
  const number = (hook: Record<string, unknown>) => {
    const h = hookFromJson({ type: 'action', action: 'x', ...hook }, 'number', 1);
    if (!h) throw new Error('hook refused');
    return h;
  };

  it('compares numbers by compare type', () => {
    expect(shouldFire(number({ triggerEnabled: true, trigger: 5, compareType: 'gte' }), 'number', 6)).toBe(
      true,
    );
    expect(shouldFire(number({ triggerEnabled: true, trigger: 5, compareType: 'lte' }), 'number', 6)).toBe(
      false,
    );
    expect(shouldFire(number({ triggerEnabled: true, trigger: 5, compareType: 'neq' }), 'number', 6)).toBe(
      true,
    );
    expect(shouldFire(number({ triggerEnabled: true, trigger: 5 }), 'number', 5)).toBe(false);
    expect(shouldFire(number({ triggerEnabled: false }), 'number', 5)).toBe(true);
  });

  it('skips changes smaller than the threshold since the last accepted value', () => {
    const h = number({ threshold: 10 });
    expect(shouldFire(h, 'number', 5)).toBe(false);
    expect(shouldFire(h, 'number', 12)).toBe(true);
    expect(shouldFire(h, 'number', 20)).toBe(false);
    expect(shouldFire(h, 'number', 22)).toBe(true);
  });

  it('text sensors: eq and neq on the text, other compare types never fire', () => {
    const text = (compareType: string) =>
      hookFromJson(
        { type: 'action', action: 'x', triggerEnabled: true, trigger: 'rain', compareType },
        'text',
        1,
      );
    const eq = text('eq');
    const neq = text('neq');
    const gte = text('gte');
    if (!eq || !neq || !gte) throw new Error('hook refused');
    expect([shouldFire(eq, 'text', 'rain'), shouldFire(eq, 'text', 'sun')]).toEqual([true, false]);
    expect([shouldFire(neq, 'text', 'rain'), shouldFire(neq, 'text', 'sun')]).toEqual([false, true]);
    expect(shouldFire(gte, 'text', 'rain')).toBe(false);
  });

  it('reads firmware coercions: "false" string is true, numeric strings are numbers', () => {
    const h = number({ triggerEnabled: 'false', trigger: '12' });
    expect([h.triggerEnabled, h.trigger]).toEqual([true, 12]);
    expect(hookFromJson({ type: 'lambda' }, 'number', 1)).toBeNull();
    expect(hookFromJson({ type: 'notification', message: 'm', notificationType: 4 }, 'number', 1)).toBeNull();
  });
});
