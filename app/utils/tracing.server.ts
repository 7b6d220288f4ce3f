import type * as Otel from "@opentelemetry/api";
import type { Env } from "~/utils/env.server";
import { recall, remember } from "~/utils/singleton.server";

// OpenTelemetry traces, only when OTEL_EXPORTER_OTLP_ENDPOINT is set (ADR 50): the SDK is imported then and never
// otherwise, so without it every helper below is a check of one variable.

type Tracing = { api: typeof Otel; tracer: Otel.Tracer; shutdown: () => Promise<void> };

const TRACING = "tracing";

export const tracing = () => recall<Tracing>(TRACING);

type TracingSettings = Pick<Env, "OTEL_EXPORTER_OTLP_ENDPOINT" | "OTEL_SERVICE_NAME" | "OTEL_BSP_SCHEDULE_DELAY">;

export async function startTracing(settings: TracingSettings) {
  if (!settings.OTEL_EXPORTER_OTLP_ENDPOINT || tracing()) return;
  const serviceName = settings.OTEL_SERVICE_NAME;
  const [
    api,
    sdk,
    { AsyncLocalStorageContextManager },
    { W3CTraceContextPropagator },
    { OTLPTraceExporter },
    resources,
  ] = await Promise.all([
    import("@opentelemetry/api"),
    import("@opentelemetry/sdk-trace"),
    import("@opentelemetry/context-async-hooks"),
    import("@opentelemetry/core"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/resources"),
  ]);
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  api.propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const provider = new sdk.TracerProvider({
    resource: resources.resourceFromAttributes({ "service.name": serviceName }),
    spanProcessors: [
      new sdk.BatchSpanProcessor({
        exporter: new OTLPTraceExporter(),
        scheduledDelayMillis: settings.OTEL_BSP_SCHEDULE_DELAY,
      }),
    ],
  });
  api.trace.setGlobalTracerProvider(provider);
  remember(TRACING, () => ({ api, tracer: provider.getTracer(serviceName), shutdown: () => provider.shutdown() }));
}

export async function stopTracing() {
  await tracing()?.shutdown();
}

type SpanOptions = {
  attributes?: Otel.Attributes;
  /** A trace context to continue (`traceparent`), e.g. the request's that queued this work. */
  parent?: string;
  kind?: "client" | "internal";
  /** Only inside a trace: a database statement on its own (the worker polling) would be a trace of one span. */
  onlyInATrace?: boolean;
};

export function inSpan<T>(name: string, options: SpanOptions, work: () => Promise<T>): Promise<T> {
  const current = tracing();
  if (!current) return work();
  const { api, tracer } = current;
  const parent = options.parent
    ? api.propagation.extract(api.ROOT_CONTEXT, { traceparent: options.parent })
    : api.context.active();
  if (options.onlyInATrace && !api.trace.getSpan(parent)) return work();
  const kind = options.kind === "client" ? api.SpanKind.CLIENT : api.SpanKind.INTERNAL;
  return tracer.startActiveSpan(name, { attributes: options.attributes, kind }, parent, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: api.SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A span for work already done (from `startedAt`, epoch milliseconds, to now), e.g. a claim known to matter only after. */
export function recordSpan(name: string, startedAt: number, attributes: Otel.Attributes) {
  const current = tracing();
  if (!current) return;
  current.tracer.startSpan(name, { attributes, startTime: startedAt }, current.api.ROOT_CONTEXT).end();
}

/** The active span's W3C `traceparent`, to store with work queued for later or to send along; none when off. */
export function currentTraceparent(): string | undefined {
  const current = tracing();
  if (!current) return undefined;
  const carrier: Record<string, string> = {};
  current.api.propagation.inject(current.api.context.active(), carrier);
  return carrier.traceparent;
}

export function currentTraceId(): string | undefined {
  const current = tracing();
  return current?.api.trace.getSpan(current.api.context.active())?.spanContext().traceId;
}

/** Continues the caller's `traceparent`; `end` names the span by its route once that is known. */
export function serverSpan(method: string, headers: Record<string, string | string[] | undefined>) {
  const current = tracing();
  if (!current) return undefined;
  const { api, tracer } = current;
  const parent = api.propagation.extract(api.ROOT_CONTEXT, headers);
  const span = tracer.startSpan(
    method,
    { kind: api.SpanKind.SERVER, attributes: { "http.request.method": method } },
    parent,
  );
  return {
    traceId: span.spanContext().traceId,
    run: <T>(work: () => T) => api.context.with(api.trace.setSpan(parent, span), work),
    end(route: string, status: number) {
      span.updateName(`${method} ${route}`);
      span.setAttributes({ "http.route": route, "http.response.status_code": status });
      if (status >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
      span.end();
    },
  };
}
