import { trace } from '@opentelemetry/api';
import pino, { type DestinationStream, type Logger } from 'pino';
import { formatLogLine } from './format-log-line';
import type { ObservabilitySettings } from './observability-settings';

/**
 * The server's one logger (pino): `level`, `time` (ISO) and `msg` on every record, the trace and
 * span ids of the active span while tracing is on. `json` writes each record as one JSON line,
 * synchronously (nothing is lost when the process dies right after); `text` formats each as a
 * readable line (`formatLogLine`). Both go to `output` (default stdout).
 */
export function createLog(
  settings: ObservabilitySettings['log'],
  options: { tracing: boolean; output?: { write(text: string): unknown } } = { tracing: false },
): Logger {
  const output = options.output ?? process.stdout;
  const destination: DestinationStream =
    settings.format === 'text'
      ? { write: (line: string) => void output.write(formatLogLine(parseRecord(line))) }
      : options.output === undefined
        ? pino.destination({ dest: 1, sync: true })
        : { write: (line: string) => void output.write(line) };
  return pino(
    {
      level: settings.level,
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      ...(options.tracing ? { mixin: traceIds } : {}),
    },
    destination,
  );
}

/** The active span's ids, as the OpenTelemetry log data model names them. */
function traceIds(): Record<string, string> {
  const context = trace.getActiveSpan()?.spanContext();
  if (context === undefined) return {};
  return { traceId: context.traceId, spanId: context.spanId };
}

function parseRecord(line: string): Record<string, unknown> {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return { msg: line.trimEnd() };
  }
}
