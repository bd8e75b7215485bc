import { startWorkerThread } from '@agent-ledger/event-store';
import type { VerifyWorkerData, VerifyWorkerReply } from './verify-helper-protocol';

/** A helper thread verifying sessions (the first thread waits for its helpers). */
export interface VerifyHelper {
  /** Resolves once the thread has ended, however it ended (finished, snapshot moved, failed). */
  readonly ended: Promise<void>;
  /** Ends the thread now (a session it was verifying is left unanswered). */
  stop(): Promise<void>;
}

/**
 * The size of a helper's young generation (V8's default gives 48 MB on a 64-bit machine; this is
 * three semi-spaces of 32 MB). What a thread verifies of a session (its events, the recomputed
 * views, the stored rows) stays alive until the session is done, and is more than the default
 * holds: each scavenge then copies most of it, and promotes it to be collected again by a full
 * collection. With room for it, measured on a 100,000-event store (`npm run bench --
 * cli-rebuild`), verify used 10–13% less CPU in all; 64 and 128 MB did no better, 192 MB worse.
 */
const YOUNG_GENERATION_MB = 96;

/**
 * Starts `verify-worker` on `data`: the compiled file beside this one or, running from the
 * TypeScript sources (tests, benchmarks), the source through the repository's TypeScript hook.
 * `onVerdict` is told each session it verified. The caller ends it with `stop` once done.
 */
export function startVerifyHelper(
  data: VerifyWorkerData,
  onVerdict: (index: number, differences: string[]) => void,
): VerifyHelper {
  const worker = startWorkerThread(__dirname, 'verify-worker', data, {
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
  let end: () => void = () => undefined;
  // Once it has said it is done (or that it verifies nothing), every verdict it sent has arrived.
  const ended = new Promise<void>((resolve) => {
    end = resolve;
    worker.once('exit', () => resolve());
  });
  worker.on('message', (reply: VerifyWorkerReply) => {
    if (reply.kind === 'verdict') onVerdict(reply.index, reply.differences);
    else end();
  });
  // Its failure is not verify's: the first thread verifies whatever the helper left.
  worker.on('error', () => undefined);
  return {
    ended,
    stop: async () => {
      await worker.terminate();
      await ended;
    },
  };
}
