// The kit's Collapse, dialog widths and hooks, rendered to markup (the unit tests run without a DOM), the hooks'
// state logic driven by render-phase updates. The dialogs' focus, Escape and stacking are tested in Chromium
// (e2e/ui.primitives.spec.ts).
import { useState } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  type DisclosureHandlers,
  entrySize,
  useDebouncedValue,
  useDisclosure,
  useElementSize,
  useViewportSize,
} from './hooks';
import { Collapse, overlayWidth } from './overlays';

describe('Collapse', () => {
  it('keeps collapsed children mounted but hidden and inert', () => {
    const html = renderToStaticMarkup(
      <Collapse expanded={false}>
        <input aria-label="field" />
      </Collapse>,
    );
    expect(html).toBe(
      '<div inert="" class="st-Collapse-root" style="display:none"><input aria-label="field"/></div>',
    );
  });

  it('shows expanded children, with Mantine 7 `in` as well, and style props applied', () => {
    expect(renderToStaticMarkup(<Collapse expanded>a</Collapse>)).toBe(
      '<div class="st-Collapse-root">a</div>',
    );
    expect(renderToStaticMarkup(<Collapse in>a</Collapse>)).toBe('<div class="st-Collapse-root">a</div>');
    expect(
      renderToStaticMarkup(
        <Collapse expanded={false} mt="md" className="x">
          a
        </Collapse>,
      ),
    ).toBe(
      '<div inert="" class="st-Collapse-root x" style="margin-top:var(--st-sp-md);display:none">a</div>',
    );
  });
});

describe('overlayWidth', () => {
  it('maps Mantine size names, numbers as px and passes CSS through', () => {
    expect(overlayWidth('xs')).toBe('20rem');
    expect(overlayWidth('xl')).toBe('48.75rem');
    expect(overlayWidth(550)).toBe('550px');
    expect(overlayWidth('calc(100% - 1rem)')).toBe('calc(100% - 1rem)');
  });
});

/**
 * Runs `steps` one per render (each render schedules the next through a render-phase update), recording
 * what the hook returned each time.
 */
function runDisclosure(
  steps: Array<(h: DisclosureHandlers) => void>,
  initial = false,
): { states: boolean[]; events: string[]; handlers: DisclosureHandlers[] } {
  const states: boolean[] = [];
  const events: string[] = [];
  const handlers: DisclosureHandlers[] = [];
  const callbacks = { onOpen: () => events.push('open'), onClose: () => events.push('close') };
  function Probe() {
    const [opened, h] = useDisclosure(initial, callbacks);
    const [step, setStep] = useState(0);
    states.push(opened);
    handlers.push(h);
    const next = steps[step];
    if (next) {
      next(h);
      setStep(step + 1);
    }
    return null;
  }
  renderToStaticMarkup(<Probe />);
  return { states, events, handlers };
}

describe('useDisclosure', () => {
  it('starts from the initial state', () => {
    expect(runDisclosure([]).states).toEqual([false]);
    expect(runDisclosure([], true).states).toEqual([true]);
  });

  it('opens, closes and toggles, calling back only on a change', () => {
    const { states, events } = runDisclosure([
      (h) => h.open(),
      (h) => h.open(),
      (h) => h.toggle(),
      (h) => h.close(),
      (h) => h.toggle(),
      (h) => h.set(false),
    ]);
    expect(states).toEqual([false, true, true, false, false, true, false]);
    expect(events).toEqual(['open', 'close', 'open', 'close']);
  });

  it('sees its own change when called twice in one go', () => {
    const { states, events } = runDisclosure([
      (h) => {
        h.toggle();
        h.toggle();
        h.open();
      },
    ]);
    expect(states).toEqual([false, true]);
    expect(events).toEqual(['open', 'close', 'open']);
  });

  it('keeps its handlers the same from render to render', () => {
    const { handlers } = runDisclosure([(h) => h.open(), (h) => h.close()]);
    expect(handlers).toHaveLength(3);
    expect(new Set(handlers).size).toBe(1);
  });
});

describe('useDebouncedValue', () => {
  it('returns the first value as is, does not follow a change within the render, and gives a cancel', () => {
    const seen: Array<[string, unknown]> = [];
    function Probe() {
      const [value, setValue] = useState('a');
      const [debounced, cancel] = useDebouncedValue(value, 150);
      seen.push([debounced, typeof cancel]);
      if (value === 'a') setValue('ab');
      return null;
    }
    renderToStaticMarkup(<Probe />);
    expect(seen).toEqual([
      ['a', 'function'],
      ['a', 'function'],
    ]);
  });
});

describe('useViewportSize and useElementSize', () => {
  it('are 0 × 0 before anything is measured (no window here)', () => {
    let viewport: unknown;
    let element: { width: number; height: number; ref: unknown } | undefined;
    function Probe() {
      viewport = useViewportSize();
      element = useElementSize<HTMLDivElement>();
      return null;
    }
    renderToStaticMarkup(<Probe />);
    expect(viewport).toEqual({ width: 0, height: 0 });
    expect(element).toMatchObject({ width: 0, height: 0 });
    expect(typeof element?.ref).toBe('function');
  });

  it('measures the content box of a resize entry', () => {
    const entry = { contentRect: { width: 320.5, height: 180 } as DOMRectReadOnly };
    expect(entrySize(entry)).toEqual({ width: 320.5, height: 180 });
  });
});
