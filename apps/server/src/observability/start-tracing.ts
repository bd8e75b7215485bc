import { context, propagation, trace } from '@opentelemetry/api';
import type { TracingSettings } from './observability-settings';

/** A started tracer provider: `shutdown` exports the spans still queued, then stops. */
export interface Tracing {
  shutdown(): Promise<void>;
}

/**
 * Makes the OpenTelemetry API's global tracer a real one, exporting over OTLP/HTTP to
 * `settings.url` in batches (`OTEL_BSP_*` tune them; `OTEL_TRACES_SAMPLER` samples;
 * `OTEL_EXPORTER_OTLP_HEADERS` and `OTEL_RESOURCE_ATTRIBUTES` are read as the SDK reads them),
 * with W3C trace context taken from incoming `traceparent` headers and the active span carried
 * across awaits. The SDK and the exporter are loaded here, so a server that does not trace never
 * loads them; the API's no-op tracer then makes no spans.
 */
export async function startTracing(settings: TracingSettings, version: string): Promise<Tracing> {
  const [
    { AsyncLocalStorageContextManager },
    { W3CTraceContextPropagator },
    resources,
    sdk,
    conventions,
  ] = await Promise.all([
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/semantic-conventions'),
  ]);
  const exporter =
    settings.protocol === 'http/json'
      ? new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter({
          url: settings.url,
        })
      : new (await import('@opentelemetry/exporter-trace-otlp-proto')).OTLPTraceExporter({
          url: settings.url,
        });
  const resource = resources.detectResources({ detectors: [resources.envDetector] }).merge(
    resources.resourceFromAttributes({
      [conventions.ATTR_SERVICE_NAME]: settings.serviceName,
      [conventions.ATTR_SERVICE_VERSION]: version,
    }),
  );
  const provider = new sdk.BasicTracerProvider({
    resource,
    spanProcessors: [new sdk.BatchSpanProcessor(exporter)],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  return { shutdown: () => provider.shutdown() };
}
