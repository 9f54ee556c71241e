import { describe, expect, it } from 'vitest';
import { timeTicks, unitOfSensor, withUnit } from './chartFormat';

describe('chart axes', () => {
  const base = Date.UTC(2026, 0, 5, 0, 5, 0);

  it('never writes two equal time labels side by side, and shows seconds for ticks under a minute apart', () => {
    const every20s = [0, 20_000, 40_000, 60_000, 80_000].map((d) => base + d);
    const labels = timeTicks('en-GB', every20s, 20_000);
    expect(labels.filter((l) => l !== null)).toHaveLength(5);
    expect(new Set(labels).size).toBe(5);
    expect(labels[0]).toMatch(/\d{2}:\d{2}:\d{2}/);
    // a tick step of minutes: hours and minutes; a repeat (two ticks in one minute) is left out
    const repeated = timeTicks('en-GB', [base, base + 30_000, base + 60_000], 60_000);
    expect(repeated[1]).toBeNull();
    expect(repeated[0]).not.toBe(repeated[2]);
    // days apart: the day
    expect(timeTicks('en-GB', [base, base + 86_400_000], 86_400_000)).toEqual(['5 Jan', '6 Jan']);
  });

  it('reads a unit from the end of a sensor name, and writes a value with it', () => {
    expect(unitOfSensor('power (W)')).toBe('W');
    expect(unitOfSensor('temp [°C]')).toBe('°C');
    expect(unitOfSensor('humidity, %')).toBe('%');
    expect(unitOfSensor('temperature')).toBeUndefined();
    expect(unitOfSensor('led_on')).toBeUndefined();
    expect(withUnit('21.5', '°C')).toBe('21.5\u00a0°C');
    expect(withUnit('40', '%')).toBe('40%');
    expect(withUnit('7', undefined)).toBe('7');
  });
});
