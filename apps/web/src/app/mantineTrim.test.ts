import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { trimCss, UNUSED_PARTS } from '../../vite-mantine-trim';

const require = createRequire(import.meta.url);
const stylesheet = (file: string) => readFileSync(require.resolve(`@mantine/core/styles/${file}`), 'utf8');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !e.name.includes('.test.')
        ? [join(dir, e.name)]
        : [],
  );
}

describe('the Mantine parts the build drops (vite-mantine-trim.ts)', () => {
  it('drops the group and loader-type rules, keeps the components themselves', () => {
    const button = trimCss(stylesheet('Button.css'), ['m_80d6d844', 'm_70be2a01']);
    expect(button).not.toMatch(/m_80d6d844|m_70be2a01/);
    expect(button).toContain('.m_77c9d27d{');
    expect(button).toContain('@media (hover: hover)');
    const loader = trimCss(stylesheet('Loader.css'), ['m_7a2bd4cd', 'm_870bb79', 'm_5d2b3b9d']);
    expect(loader).not.toMatch(/m_7a2bd4cd|m_870bb79|m_5d2b3b9d/);
    expect(loader).toContain('@keyframes m_f8e89c4b');
    // a list keeps its other selectors; a :where(a, b) is not split
    expect(trimCss('.a, :where(.x, .y) .b {color: red}\n.x .c {top: 0}', ['x'])).toBe('.a{color: red}');
    expect(Object.keys(UNUSED_PARTS).sort()).toEqual(['ActionIcon.css', 'Button.css', 'Loader.css']);
  });

  it('the console uses none of those parts (no Button.Group, ActionIcon.Group, bars or dots loaders)', () => {
    const src = new URL('..', import.meta.url).pathname;
    const uses = sources(src).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return /\b(Button\.Group|ButtonGroup|ActionIcon\.Group|ActionIconGroup)\b|type=["'{](bars|dots)|type:\s*['"](bars|dots)/.test(
        text,
      )
        ? [file]
        : [];
    });
    expect(uses).toEqual([]);
  });
});
