import { beginClosing, type HttpApp, type Logger, type StopStep, stopInOrder } from '@st/server-kit';
import type { GatewayConfig } from './config';
import type { Gateway, GatewayPart } from './gateway';

export interface LifecycleInput {
  readonly app: HttpApp;
  readonly config: GatewayConfig;
  readonly logger: Logger;
  /** started in order, stopped in reverse; more may join before start() */
  readonly parts: GatewayPart[];
  /** the device log TCP port actually bound (known once its part started) */
  readonly logPort: () => number;
  /** stopped after the parts and the HTTP server, in this order (the live bridge, the database...) */
  readonly last: readonly StopStep[];
}

/** The gateway's start (parts, then listen) and stop (refuse new requests, parts in reverse, then `last`). */
export function gatewayLifecycle(input: LifecycleInput): Pick<Gateway, 'start' | 'stop'> {
  const { app, config, logger, parts } = input;
  let started: GatewayPart[] = [];
  return {
    async start() {
      for (const part of parts) {
        await part.start();
        started.push(part);
      }
      await app.listen({ port: config.port, host: config.host });
      const addr = app.server.address();
      const port = typeof addr === 'object' && addr ? addr.port : config.port;
      logger.info({ port, logPort: input.logPort() }, 'gateway listening');
      return { port, logPort: input.logPort() };
    },
    async stop() {
      const steps = [...started].reverse().map((p) => ({ name: p.name, stop: () => p.stop() }));
      started = [];
      // New requests get 503 SHUTTING_DOWN from now on, before the parts they would use stop.
      beginClosing(app);
      await stopInOrder(
        [...steps, { name: 'http and live channel', stop: () => app.close() }, ...input.last],
        logger,
      );
    },
  };
}
