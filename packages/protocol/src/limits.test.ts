import { describe, expect, it } from 'vitest';
import { DISCOVERY, searchPanelAutoExpands, TIMEOUTS } from './limits';

describe('limits', () => {
  it('nests timeouts so the user sees the innermost error first', () => {
    expect(TIMEOUTS.deviceMs).toBeLessThan(TIMEOUTS.relayMs);
    expect(TIMEOUTS.relayMs).toBeLessThan(TIMEOUTS.consoleRequestMs);
  });

  it('tolerates two lost beacons before a device counts as lost', () => {
    expect(Math.floor(DISCOVERY.lostAfterMs / DISCOVERY.beaconIntervalMs)).toBe(2);
  });

  it('expands the search panel only when (width - 800) / 2 exceeds 350 px', () => {
    expect(searchPanelAutoExpands(1500)).toBe(false);
    expect(searchPanelAutoExpands(1501)).toBe(true);
  });
});
