import { ConfigError } from '@agent-ledger/config';
import { readObservabilitySettings } from './observability-settings';

describe('readObservabilitySettings', () => {
  it('logs text at info and traces nothing when no variable is set', () => {
    expect(readObservabilitySettings({})).toEqual({
      log: { format: 'text', level: 'info' },
      tracing: undefined,
    });
  });

  it('takes LOG_FORMAT and LOG_LEVEL, and names what is accepted otherwise', () => {
    expect(readObservabilitySettings({ LOG_FORMAT: 'JSON', LOG_LEVEL: 'warn' }).log).toEqual({
      format: 'json',
      level: 'warn',
    });
    expect(() => readObservabilitySettings({ LOG_FORMAT: 'xml' })).toThrow(
      new ConfigError(
        'LOG_FORMAT is "xml"; it is json (one JSON object per line) or text (readable lines, the default).',
      ),
    );
    expect(() => readObservabilitySettings({ LOG_LEVEL: 'loud' })).toThrow(/trace, debug, info/);
  });

  it('traces to <endpoint>/v1/traces over protobuf when an OTLP endpoint is set', () => {
    expect(
      readObservabilitySettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracing,
    ).toEqual({
      url: 'http://collector:4318/v1/traces',
      protocol: 'http/protobuf',
      serviceName: 'agent-ledger',
    });
  });

  it('traces to localhost with OTEL_TRACES_EXPORTER=otlp alone; the traces endpoint is used as it is', () => {
    expect(readObservabilitySettings({ OTEL_TRACES_EXPORTER: 'otlp' }).tracing?.url).toBe(
      'http://localhost:4318/v1/traces',
    );
    expect(
      readObservabilitySettings({
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/custom',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_SERVICE_NAME: 'ledger-eu',
      }).tracing,
    ).toEqual({ url: 'http://c:4318/custom', protocol: 'http/json', serviceName: 'ledger-eu' });
  });

  it('is off with OTEL_TRACES_EXPORTER=none or OTEL_SDK_DISABLED=true, whatever the endpoint', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(
      readObservabilitySettings({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' }).tracing,
    ).toBeUndefined();
    expect(
      readObservabilitySettings({ ...endpoint, OTEL_SDK_DISABLED: 'true' }).tracing,
    ).toBeUndefined();
  });

  it('refuses an exporter or a protocol it does not speak, saying which it does', () => {
    expect(() => readObservabilitySettings({ OTEL_TRACES_EXPORTER: 'zipkin' })).toThrow(
      /otlp \(over HTTP\) or none/,
    );
    expect(() =>
      readObservabilitySettings({
        OTEL_TRACES_EXPORTER: 'otlp',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
      }),
    ).toThrow(/http\/protobuf \(the default\) or http\/json/);
    expect(() =>
      readObservabilitySettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }),
    ).toThrow(/not an http\(s\) URL/);
  });
});
