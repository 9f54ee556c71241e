// The kit's dialogs and hooks, rendered to markup (the unit tests run without a DOM): what a closed and an open
// dialog render, how they are labelled and sized, the scroll lock's counting, and the hooks' state logic
// driven by render-phase updates. Showing, focus and Escape are the browser's, covered by the e2e suite.
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
import { Collapse, Drawer, lockScroll, Modal, overlayWidth } from './overlays';

const noop = () => {};

/** The value of an attribute on the first element that has it. */
function attr(html: string, name: string): string | undefined {
  return new RegExp(`${name}="([^"]*)"`).exec(html)?.[1];
}

describe('Modal', () => {
  it('renders nothing while closed', () => {
    expect(
      renderToStaticMarkup(
        <Modal opened={false} onClose={noop} title="Hidden">
          <p>body</p>
        </Modal>,
      ),
    ).toBe('');
  });

  it('renders a dialog labelled by its title, with a named close button and the body', () => {
    const html = renderToStaticMarkup(
      <Modal opened onClose={noop} title="Rename" closeButtonProps={{ 'aria-label': 'Закрыть' }}>
        <p>the body</p>
      </Modal>,
    );
    expect(html.startsWith('<dialog class="st-Modal-root"')).toBe(true);
    const labelledBy = attr(html, 'aria-labelledby');
    expect(labelledBy).toBeTruthy();
    expect(html).toContain(`<h2 class="st-Modal-title" id="${labelledBy}">Rename</h2>`);
    expect(html).toMatch(/<section class="st-Modal-content">/);
    expect(html).toMatch(
      /<button type="button" class="st-CloseButton-root st-Modal-close" aria-label="Закрыть">/,
    );
    expect(html).toMatch(/<svg[^>]*aria-hidden="true"/);
    expect(html).toMatch(/<div class="st-Modal-body" data-overlay-body="">\s*<p>the body<\/p><\/div>/);
    // closed until the layout effect shows it modal: never rendered with `open` (that would be non-modal)
    expect(html).not.toMatch(/<dialog[^>]* open/);
  });

  it('gives two open dialogs different title ids', () => {
    const html = renderToStaticMarkup(
      <>
        <Modal opened onClose={noop} title="First" />
        <Modal opened onClose={noop} title="Second" />
      </>,
    );
    const ids = [...html.matchAll(/aria-labelledby="([^"]*)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('sizes the content by number, name or CSS width, md by default', () => {
    const style = (size?: number | string) =>
      attr(renderToStaticMarkup(<Modal opened onClose={noop} title="t" size={size} />), 'style');
    expect(style(400)).toBe('--st-overlay-size:400px');
    expect(style('lg')).toBe('--st-overlay-size:38.75rem');
    expect(style('70%')).toBe('--st-overlay-size:70%');
    expect(style()).toBe('--st-overlay-size:27.5rem');
  });

  it('marks a centred dialog, and leaks no non-DOM prop', () => {
    const centered = renderToStaticMarkup(<Modal opened onClose={noop} title="t" centered zIndex={300} />);
    expect(centered).toMatch(/<dialog[^>]* data-centered=""/);
    expect(centered).not.toMatch(/z-?index|zindex|centered="true"|opened/i);
    expect(renderToStaticMarkup(<Modal opened onClose={noop} title="t" />)).not.toContain('data-centered');
  });

  it('drops the header parts it is not given', () => {
    const bare = renderToStaticMarkup(
      <Modal opened onClose={noop} withCloseButton={false}>
        x
      </Modal>,
    );
    expect(bare).not.toContain('aria-labelledby');
    expect(bare).not.toContain('<header');
    expect(bare).not.toContain('<button');
    const untitled = renderToStaticMarkup(<Modal opened onClose={noop} title="" />);
    expect(untitled).not.toContain('<h2');
    expect(untitled).toContain('aria-label="Close"');
  });
});

describe('Drawer', () => {
  it('renders a labelled dialog on the chosen side, left and md by default', () => {
    const html = renderToStaticMarkup(
      <Drawer opened onClose={noop} position="right" size="xl" title="Device">
        panel
      </Drawer>,
    );
    expect(html).toMatch(/^<dialog class="st-Drawer-root"/);
    expect(html).toContain('data-position="right"');
    expect(html).toContain('--st-overlay-size:48.75rem');
    expect(html).toContain(`<h2 class="st-Drawer-title" id="${attr(html, 'aria-labelledby')}">Device</h2>`);
    expect(html).toContain('<section class="st-Drawer-content">');
    expect(html).toMatch(/class="st-Drawer-body"[^>]*>panel</);
    const plain = renderToStaticMarkup(<Drawer opened onClose={noop} title="t" />);
    expect(plain).toContain('data-position="left"');
    expect(plain).toContain('--st-overlay-size:27.5rem');
  });

  it('renders nothing while closed', () => {
    expect(renderToStaticMarkup(<Drawer opened={false} onClose={noop} title="t" />)).toBe('');
  });
});

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

describe('lockScroll', () => {
  const body = () => ({ style: { overflow: 'auto', paddingRight: '3px' } });

  it('hides the overflow and pads the scrollbar gap, then restores both', () => {
    const target = body();
    const unlock = lockScroll(target, 15);
    expect(target.style).toEqual({ overflow: 'hidden', paddingRight: '15px' });
    unlock();
    expect(target.style).toEqual({ overflow: 'auto', paddingRight: '3px' });
  });

  it('stays locked until the last of nested dialogs closes, whatever the order', () => {
    const target = body();
    const outer = lockScroll(target);
    const inner = lockScroll(target);
    outer();
    expect(target.style.overflow).toBe('hidden');
    inner();
    expect(target.style.overflow).toBe('auto');
  });

  it('counts an unlock once, however often it is called', () => {
    const target = body();
    const first = lockScroll(target);
    const second = lockScroll(target);
    first();
    first();
    expect(target.style.overflow).toBe('hidden');
    second();
    expect(target.style.overflow).toBe('auto');
    // a new lock after the last unlock saves the state of then
    target.style.overflow = 'scroll';
    const again = lockScroll(target);
    again();
    expect(target.style.overflow).toBe('scroll');
  });

  it('leaves the padding alone without a scrollbar', () => {
    const target = body();
    const unlock = lockScroll(target, 0);
    expect(target.style.paddingRight).toBe('3px');
    unlock();
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
