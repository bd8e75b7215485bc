import { trace, type Tracer } from '@opentelemetry/api';
import type { Logger } from 'pino';
import { createLog } from './create-log';
import type { ObservabilitySettings } from './observability-settings';
import { startTracing, type Tracing } from './start-tracing';

/** The server's logger and, while tracing is on, its tracer: made once, before the app. */
export interface Observability {
  settings: ObservabilitySettings;
  log: Logger;
  /** `undefined` while tracing is off: nothing makes a span then. */
  tracer: Tracer | undefined;
  /** Exports the spans still queued; resolves at once while tracing is off. */
  shutdown(): Promise<void>;
}

/**
 * Starts what `settings` ask for: the pino logger (to `output`, default stdout), and tracing
 * (`startTracing`) when `settings.tracing` is set. The OpenTelemetry SDK and exporters are
 * loaded only then: a server that does not trace does not pay for loading them.
 */
export async function startObservability(
  settings: ObservabilitySettings,
  version: string,
  output?: { write(text: string): unknown },
): Promise<Observability> {
  const tracing: Tracing | undefined =
    settings.tracing === undefined ? undefined : await startTracing(settings.tracing, version);
  const log = createLog(settings.log, {
    tracing: tracing !== undefined,
    ...(output === undefined ? {} : { output }),
  });
  return {
    settings,
    log,
    tracer: tracing === undefined ? undefined : trace.getTracer('agent-ledger', version),
    shutdown: () => tracing?.shutdown() ?? Promise.resolve(),
  };
}
