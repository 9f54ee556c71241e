import { type ComponentType, createElement, lazy, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { handOverOnceLoaded } from './screenLoaders';

const Screen = () => createElement('p', null, 'the screen');
const page = (component: ComponentType) =>
  renderToString(createElement(Suspense, { fallback: 'loading' }, createElement(component)));

describe('screens handed over once loaded (issue 21: the first list)', () => {
  it('renders a preloaded screen without suspending, where React.lazy alone would show the fallback', async () => {
    const load = async () => ({ default: Screen });
    const handOver = handOverOnceLoaded(load);
    await handOver();
    expect(page(lazy(handOver))).toContain('the screen');
    await load();
    expect(page(lazy(load))).toContain('loading');
  });

  it('still loads once, and hands over to every caller', async () => {
    let loads = 0;
    const handOver = handOverOnceLoaded(async () => {
      loads++;
      return { default: Screen };
    });
    expect((await handOver()).default).toBe(Screen);
    expect((await handOver()).default).toBe(Screen);
    await expect(handOver().then(() => Promise.reject(new Error('later')))).rejects.toThrow('later');
    expect(loads).toBe(1);
  });
});
