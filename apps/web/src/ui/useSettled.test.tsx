import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type Settled, settleEarly, useSettled } from './useSettled';

// No DOM here: the first render (what decides whether the console shows a loader at all) is checked; the
// update once a pending promise settles runs in every e2e page load (the routed console waits on it).
function Outcome({ promise }: { promise: Promise<string> | undefined }) {
  const outcome: Settled<string> | undefined = useSettled(promise);
  if (outcome === undefined) return <p>pending</p>;
  return <p>{'error' in outcome ? `error ${String(outcome.error)}` : `value ${outcome.value}`}</p>;
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('useSettled', () => {
  it('gives the outcome on the first render of a promise followed since before it settled', async () => {
    const fulfilled = settleEarly(Promise.resolve('in'));
    const rejected = settleEarly(Promise.reject(new Error('gone')));
    rejected.catch(() => undefined);
    await settled();
    expect(renderToStaticMarkup(<Outcome promise={fulfilled} />)).toBe('<p>value in</p>');
    expect(renderToStaticMarkup(<Outcome promise={rejected} />)).toBe('<p>error Error: gone</p>');
  });

  it('is pending for a promise not settled yet, or not followed (it learns the outcome after mounting)', async () => {
    const unfollowed = Promise.resolve('in');
    await settled();
    expect(renderToStaticMarkup(<Outcome promise={new Promise<string>(() => undefined)} />)).toBe(
      '<p>pending</p>',
    );
    expect(renderToStaticMarkup(<Outcome promise={unfollowed} />)).toBe('<p>pending</p>');
    expect(renderToStaticMarkup(<Outcome promise={undefined} />)).toBe('<p>pending</p>');
  });
});
