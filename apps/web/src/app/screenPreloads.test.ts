import { describe, expect, it } from 'vitest';
import { screenFiles, screenModules } from '../../vite-screen-preloads';
import { screenPreloadFiles } from './screenPreloads';

describe('screen preloads (vite-screen-preloads.ts)', () => {
  it("reads every screen of screenLoaders.ts, and lists a screen's chunk, its static imports and their CSS", () => {
    const modules = screenModules(
      "  panel: () => import('../features/devices/DevicesPage'),\n  logs: () => import('../features/logs/LogsPage'),",
      '/app/src/app',
    );
    expect([...modules]).toEqual([
      ['/app/src/features/devices/DevicesPage', 'panel'],
      ['/app/src/features/logs/LogsPage', 'logs'],
    ]);
    const chunk = (
      fileName: string,
      imports: string[],
      css: string[] = [],
      facade: string | null = null,
    ) => ({
      type: 'chunk' as const,
      fileName,
      facadeModuleId: facade,
      imports,
      viteMetadata: { importedCss: new Set(css) },
    });
    const files = screenFiles(
      [
        chunk(
          'assets/DevicesPage.js',
          ['assets/panel.js', 'assets/shared.js'],
          [],
          '/app/src/features/devices/DevicesPage.tsx',
        ),
        chunk('assets/panel.js', ['assets/shared.js'], ['assets/panel.css']),
        chunk('assets/shared.js', ['assets/panel.js']),
        chunk('assets/other.js', []),
      ],
      modules,
    );
    expect(files).toEqual({
      panel: ['assets/DevicesPage.js', 'assets/panel.js', 'assets/panel.css', 'assets/shared.js'],
    });
  });

  it('reads the list of one screen from the page, and nothing from a page without one or a broken one', () => {
    const page = JSON.stringify({ panel: ['assets/a.js', 'assets/a.css', 7] });
    expect(screenPreloadFiles(page, 'panel')).toEqual(['assets/a.js', 'assets/a.css']);
    expect(screenPreloadFiles(page, 'logs')).toEqual([]);
    expect(screenPreloadFiles(undefined, 'panel')).toEqual([]);
    expect(screenPreloadFiles('{"panel": [', 'panel')).toEqual([]);
  });
});
