import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter as OtlpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
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
 * across awaits. Not called when tracing is off: the API's no-op tracer then makes no spans.
 */
export function startTracing(settings: TracingSettings, version: string): Tracing {
  const exporter =
    settings.protocol === 'http/json'
      ? new OtlpJsonExporter({ url: settings.url })
      : new OtlpProtobufExporter({ url: settings.url });
  const resource = detectResources({ detectors: [envDetector] }).merge(
    resourceFromAttributes({
      [ATTR_SERVICE_NAME]: settings.serviceName,
      [ATTR_SERVICE_VERSION]: version,
    }),
  );
  const provider = new BasicTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  return { shutdown: () => provider.shutdown() };
}
