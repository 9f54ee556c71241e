import { Worker } from 'node:worker_threads';
import type { z } from 'zod';

/** Starts a TypeScript file in a worker thread; it is loaded through tsx's API, however the caller was. */
export function startTsWorker(entry: URL, workerData: unknown): Worker {
  const href = JSON.stringify(entry.href);
  const boot = `import('tsx/esm/api').then((tsx) => tsx.tsImport(${href}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(boot, { eval: true, workerData });
}

/** Posts `message` (unless undefined) and resolves with the worker's first answer that `schema` accepts. */
export function ask<T>(worker: Worker, message: unknown, schema: z.ZodType<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      const parsed = schema.safeParse(m);
      if (!parsed.success) return;
      worker.off('message', onMessage);
      worker.off('error', reject);
      resolve(parsed.data);
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    if (message !== undefined) worker.postMessage(message);
  });
}
