import type { LoggedWarning } from './session-record';

type WarningLogger = (options: { warnings: unknown[]; provider: string; model: string }) => void;

/**
 * Collects what the AI SDK logs while it is installed: model warnings go to
 * `globalThis.AI_SDK_LOG_WARNINGS` when that is a function (ai@6 `logWarnings`), and a few
 * warnings (system messages inside `messages`) go straight to `console.warn`. Returns the
 * function that puts both back.
 */
export function collectWarnings(sink: LoggedWarning[], afterRequest: () => number): () => void {
  const holder = globalThis as { AI_SDK_LOG_WARNINGS?: boolean | WarningLogger };
  const previousLogger = holder.AI_SDK_LOG_WARNINGS;
  const previousWarn = console.warn;
  holder.AI_SDK_LOG_WARNINGS = ({ warnings, provider, model }) => {
    for (const warning of warnings) {
      sink.push({
        afterRequest: afterRequest(),
        warning: { provider, model, ...asObject(warning) },
      });
    }
  };
  console.warn = (...args: unknown[]) => {
    sink.push({
      afterRequest: afterRequest(),
      warning: { consoleWarn: args.map(String).join(' ') },
    });
  };
  return () => {
    if (previousLogger === undefined) delete holder.AI_SDK_LOG_WARNINGS;
    else holder.AI_SDK_LOG_WARNINGS = previousLogger;
    console.warn = previousWarn;
  };
}

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? { ...value } : { value };
}
