// Build step (issue 21, round 5): Mantine's stylesheet of a component also styles its parts the console never
// uses (Button.Group and ActionIcon.Group with their sections, the "bars" and "dots" loaders). Those rules
// are 0.6 KiB gzip of the sign-in's CSS, which has a 4 KiB budget. This drops the rules (and keyframes) that
// name only those parts' classes, read from Mantine's own class maps, so an upgrade that renames them drops
// nothing rather than something else. mantineTrim.test.ts fails when the console starts using one of them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/** Per stylesheet: its component's class map (`<Component>.module.mjs`) and the parts not used. */
export const UNUSED_PARTS: Record<string, { component: string; parts: string[] }> = {
  'Button.css': { component: 'Button/Button', parts: ['group', 'groupSection'] },
  'ActionIcon.css': { component: 'ActionIcon/ActionIcon', parts: ['group', 'groupSection'] },
  'Loader.css': {
    component: 'Loader/Loader',
    parts: ['barsLoader', 'bar', 'bars-loader-animation', 'dotsLoader', 'dot', 'loader-dots-animation'],
  },
};

const require = createRequire(import.meta.url);

/** The generated class (or keyframes) names of `parts`, from Mantine's class map of `component`. */
function classNames(component: string, parts: string[]): string[] {
  // (the package exports no such path: found beside its entry point)
  const entry = require.resolve('@mantine/core');
  const root = entry.slice(0, entry.lastIndexOf('/@mantine/core/') + '/@mantine/core/'.length);
  const map = readFileSync(`${root}esm/components/${component}.module.mjs`, 'utf8');
  return parts.flatMap((part) => {
    const name = new RegExp(`"${part}":\\s*"([\\w-]+)"`).exec(map)?.[1];
    return name === undefined ? [] : [name];
  });
}

/** Top-level blocks of a stylesheet: [prelude, body] (comments dropped). */
function blocks(css: string): Array<[string, string]> {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const out: Array<[string, string]> = [];
  let depth = 0;
  let start = 0;
  let open = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{') {
      if (depth === 0) open = i;
      depth++;
    } else if (text[i] === '}') {
      depth--;
      if (depth === 0) {
        out.push([text.slice(start, open).trim(), text.slice(open + 1, i)]);
        start = i + 1;
      }
    }
  }
  return out;
}

/** Splits a selector list at its top-level commas (not those inside `:where(a, b)`). */
function selectors(prelude: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < prelude.length; i++) {
    const c = prelude[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      out.push(prelude.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(prelude.slice(start).trim());
  return out;
}

/** The stylesheet without the rules whose every selector names one of `names` (and their keyframes). */
export function trimCss(css: string, names: string[]): string {
  const named = (text: string) => names.some((n) => new RegExp(`(^|[^\\w-])\\.?${n}(?![\\w-])`).test(text));
  return blocks(css)
    .flatMap(([prelude, body]) => {
      if (prelude.startsWith('@keyframes')) return named(prelude) ? [] : [`${prelude}{${body}}`];
      if (prelude.startsWith('@')) {
        const inner = trimCss(body, names);
        return inner.trim() === '' ? [] : [`${prelude}{${inner}}`];
      }
      const kept = selectors(prelude).filter((s) => !named(s));
      return kept.length === 0 ? [] : [`${kept.join(',')}{${body}}`];
    })
    .join('\n');
}

export function mantineTrim(): Plugin {
  const names = new Map(
    Object.entries(UNUSED_PARTS).map(([file, { component, parts }]) => [file, classNames(component, parts)]),
  );
  return {
    name: 'st-mantine-trim',
    enforce: 'pre',
    transform(code, id) {
      const file = /@mantine\/core\/styles\/(\w+\.css)$/.exec(id)?.[1];
      const drop = file === undefined ? undefined : names.get(file);
      return drop === undefined || drop.length === 0 ? null : { code: trimCss(code, drop), map: null };
    },
  };
}
