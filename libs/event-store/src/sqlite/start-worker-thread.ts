import path from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/** The repository's TypeScript hook, for threads started from the sources (tests, benchmarks). */
const TYPESCRIPT_HOOK = path.join(__dirname, '..', '..', '..', '..', 'scripts', 'ts-register.js');
/** Whether this code runs from the build (`dist`, compiled `.js`) or from the TypeScript sources. */
const COMPILED = __filename.endsWith('.js');

/**
 * Starts the worker thread whose entry is `<name>.js` (from the build) or `<name>.ts` (from the
 * sources, through the repository's TypeScript hook) in `directory`, with `workerData`. The
 * project's threads (the store's write worker, the server's projection runner, the helpers of
 * `verify`) all start this way. `resourceLimits` sizes the thread's own
 * heap (Node's option of the same name).
 */
export function startWorkerThread(
  directory: string,
  name: string,
  workerData: unknown,
  options: { resourceLimits?: ResourceLimits } = {},
): Worker {
  const entry = path.join(directory, `${name}${COMPILED ? '.js' : '.ts'}`);
  if (COMPILED) return new Worker(entry, { workerData, ...options });
  return new Worker(
    `require(${JSON.stringify(TYPESCRIPT_HOOK)}); require(${JSON.stringify(entry)});`,
    { eval: true, workerData, ...options },
  );
}
