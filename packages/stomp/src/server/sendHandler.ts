import type { SendContext, SendHandler } from './host';

/**
 * Runs one SEND handler and reports its outcome: `done` when it returned (or its promise resolved), `failed`
 * with what it threw (or its promise rejected). Answers undefined when the handler finished at once (the
 * outcome is already reported), otherwise a promise that settles once the outcome is reported; any thenable
 * is awaited, since a handler typed `=> void` may still return a query builder's promise.
 */
export function runSendHandler<P>(
  handler: SendHandler<P>,
  context: SendContext<P>,
  done: () => void,
  failed: (error: unknown) => void,
): Promise<void> | undefined {
  let result: unknown;
  try {
    result = handler(context);
  } catch (error) {
    failed(error);
    return undefined;
  }
  if (result === undefined) {
    done();
    return undefined;
  }
  return Promise.resolve(result).then(done, failed);
}
