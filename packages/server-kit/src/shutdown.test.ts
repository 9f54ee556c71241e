import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { handleShutdownSignals, stopInOrder } from './shutdown';

const logger = createLogger({ name: 't', level: 'silent' });

describe('shutdown', () => {
  it('stops steps in the declared order and keeps going after a failing step', async () => {
    const order: string[] = [];
    await stopInOrder(
      [
        { name: 'http', stop: () => void order.push('http') },
        {
          name: 'broken',
          stop: () => {
            throw new Error('x');
          },
        },
        { name: 'db', stop: async () => void order.push('db') },
      ],
      logger,
    );
    expect(order).toEqual(['http', 'db']);
  });

  it('runs stop once on a signal and exits 0 when it finished', async () => {
    let stops = 0;
    const codes: number[] = [];
    const done = new Promise<void>((resolve) => {
      const dispose = handleShutdownSignals({
        logger,
        signals: ['SIGUSR2'],
        stop: async () => void stops++,
        exit: (c) => {
          codes.push(c);
          dispose();
          resolve();
        },
      });
    });
    process.kill(process.pid, 'SIGUSR2');
    await done;
    expect(stops).toBe(1);
    expect(codes).toEqual([0]);
  });
});
