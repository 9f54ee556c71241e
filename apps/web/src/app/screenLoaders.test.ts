import { describe, expect, it } from 'vitest';
import { MENU_ITEMS } from '../features/menu/menuItems';
import { loadedScreen, screenLoaders, screenOfPath } from './screenLoaders';

describe('screenOfPath', () => {
  it('names the screen of a gateway-mode and a cloud-mode address', () => {
    expect(screenOfPath('/panel')).toBe('panel');
    expect(screenOfPath('/gw-1/logs')).toBe('logs');
    expect(screenOfPath('/console/gw-1/ota')).toBe('ota');
  });

  it('names none for the root, the selector and unknown paths', () => {
    expect(screenOfPath('/')).toBeUndefined();
    expect(screenOfPath('/gateways')).toBeUndefined();
    expect(screenOfPath('/toString')).toBeUndefined();
  });

  it('has a loader for every menu item and knows no screen as loaded before it is', () => {
    expect(Object.keys(screenLoaders).sort()).toEqual([...MENU_ITEMS].sort());
    for (const item of MENU_ITEMS) expect(loadedScreen(item)).toBeUndefined();
  });
});
