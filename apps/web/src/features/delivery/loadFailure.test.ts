import { describe, expect, it } from 'vitest';
import { isLoadFailure } from './LoadFailureBoundary';

describe('isLoadFailure', () => {
  it("knows each browser's words for a part that could not be downloaded", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://gw/assets/OtaPage-x.js', // Chromium
      'error loading dynamically imported module: http://gw/assets/OtaPage-x.js', // Firefox
      'Importing a module script failed.', // Safari
      'Unable to preload CSS for http://gw/assets/Badge-x.css', // Vite's CSS preload
      'Failed to fetch',
    ])
      expect(isLoadFailure(new TypeError(message)), message).toBe(true);
  });

  it('leaves other errors to the crash state', () => {
    expect(isLoadFailure(new Error("Cannot read properties of undefined (reading 'name')"))).toBe(false);
    expect(isLoadFailure('dynamically imported module')).toBe(false);
    expect(isLoadFailure(undefined)).toBe(false);
  });
});
