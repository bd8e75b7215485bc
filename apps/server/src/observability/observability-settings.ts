import { ConfigError } from '@agent-ledger/config';

/** Pino's levels, quietest last; `silent` logs nothing. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];

/** `json`: one JSON object per line (for collectors); `text`: one readable line per record. */
export type LogFormat = 'json' | 'text';

/** How traces leave the process: OTLP over HTTP, protobuf (the OTLP default) or JSON. */
export interface TracingSettings {
  /** The full URL spans are posted to (`…/v1/traces`). */
  url: string;
  protocol: 'http/protobuf' | 'http/json';
  serviceName: string;
}

/** What the server's logs and traces are, from `LOG_*` and the standard `OTEL_*` variables. */
export interface ObservabilitySettings {
  log: { format: LogFormat; level: LogLevelName };
  /** `undefined`: tracing is off (no tracer provider, no span objects). */
  tracing: TracingSettings | undefined;
}

const DEFAULT_OTLP_ENDPOINT = 'http://localhost:4318';

/**
 * Reads `LOG_FORMAT` (`text`, the default, or `json`), `LOG_LEVEL` (default `info`) and the
 * OpenTelemetry variables. Tracing is on only when they ask for it: `OTEL_TRACES_EXPORTER=otlp`,
 * or an OTLP endpoint (`OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) with
 * `OTEL_TRACES_EXPORTER` unset. The SDK's own default (`otlp` to localhost whatever the
 * environment) is not followed: a server nobody asked to export spans sends none.
 * `OTEL_SDK_DISABLED=true` and `OTEL_TRACES_EXPORTER=none` turn it off; an exporter or protocol
 * this server does not speak is a `ConfigError` naming what it does.
 */
export function readObservabilitySettings(
  env: Record<string, string | undefined>,
): ObservabilitySettings {
  return { log: readLogSettings(env), tracing: readTracingSettings(env) };
}

function readLogSettings(env: Record<string, string | undefined>): ObservabilitySettings['log'] {
  const format = (env['LOG_FORMAT'] ?? '').trim().toLowerCase() || 'text';
  if (format !== 'json' && format !== 'text') {
    throw new ConfigError(
      `LOG_FORMAT is ${JSON.stringify(env['LOG_FORMAT'])}; it is json (one JSON object per line) or text (readable lines, the default).`,
    );
  }
  const level = (env['LOG_LEVEL'] ?? '').trim().toLowerCase() || 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new ConfigError(
      `LOG_LEVEL is ${JSON.stringify(env['LOG_LEVEL'])}; it is one of ${LOG_LEVELS.join(', ')} (default info).`,
    );
  }
  return { format, level: level as LogLevelName };
}

function readTracingSettings(env: Record<string, string | undefined>): TracingSettings | undefined {
  if ((env['OTEL_SDK_DISABLED'] ?? '').trim().toLowerCase() === 'true') return undefined;
  const exporters = (env['OTEL_TRACES_EXPORTER'] ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  const tracesEndpoint = nonEmpty(env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT']);
  const endpoint = nonEmpty(env['OTEL_EXPORTER_OTLP_ENDPOINT']);
  if (exporters.length === 0) {
    if (tracesEndpoint === undefined && endpoint === undefined) return undefined;
  } else {
    const unknown = exporters.filter((name) => name !== 'otlp' && name !== 'none');
    if (unknown.length > 0) {
      throw new ConfigError(
        `OTEL_TRACES_EXPORTER is ${JSON.stringify(env['OTEL_TRACES_EXPORTER'])}; this server exports traces with otlp (over HTTP) or none.`,
      );
    }
    if (!exporters.includes('otlp')) return undefined;
  }
  const protocolVariable = nonEmpty(env['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL'])
    ? 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL'
    : 'OTEL_EXPORTER_OTLP_PROTOCOL';
  const protocol = nonEmpty(env[protocolVariable])?.toLowerCase() ?? 'http/protobuf';
  if (protocol !== 'http/protobuf' && protocol !== 'http/json') {
    throw new ConfigError(
      `${protocolVariable} is ${JSON.stringify(env[protocolVariable])}; this server sends OTLP over HTTP: http/protobuf (the default) or http/json (a collector's port 4318, not gRPC's 4317).`,
    );
  }
  const url =
    tracesEndpoint ?? `${(endpoint ?? DEFAULT_OTLP_ENDPOINT).replace(/\/+$/, '')}/v1/traces`;
  if (!/^https?:\/\/[^/]/i.test(url)) {
    throw new ConfigError(
      `The OTLP traces endpoint ${JSON.stringify(url)} is not an http(s) URL; give OTEL_EXPORTER_OTLP_ENDPOINT as http://host:4318.`,
    );
  }
  return { url, protocol, serviceName: nonEmpty(env['OTEL_SERVICE_NAME']) ?? 'agent-ledger' };
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}
