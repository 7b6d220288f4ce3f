// Traces (issue #39, ADR 50): with OTEL_EXPORTER_OTLP_ENDPOINT set, a demo request posted to the production server is
// one trace, from the request through its SQL statements to the webhook delivery the outbox makes later, and the
// receiver gets its `traceparent`. The spans go to a local OTLP/HTTP collector, the webhook to a local https receiver.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newWebhookSecret } from "~/services/webhooks/endpoints.server";
import { startAppServer } from "../support/app-server.mjs";
import { jsonLogLines } from "../support/log-lines";
import { throwawayCertificate } from "../support/throwaway-certificate.mjs";

type OtlpSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number };

/** An OTLP/HTTP collector that keeps the spans it is sent (JSON, as the exporter sends them). */
async function startCollector() {
  const spans: OtlpSpan[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk));
    request.on("end", () => {
      const sent = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
      for (const resource of sent.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, server };
}

const close = (server: Server) => new Promise((resolve) => server.close(resolve));

describe("traces", () => {
  const certificate = throwawayCertificate();
  const received: IncomingHttpHeaders[] = [];
  const receiver = createHttpsServer({ key: certificate.key, cert: certificate.cert }, (request, response) => {
    received.push(request.headers);
    request.resume();
    request.on("end", () => response.writeHead(200).end());
  });
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let server: Awaited<ReturnType<typeof startAppServer>>;

  beforeAll(async () => {
    collector = await startCollector();
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    server = await startAppServer({
      env: {
        LOG_LEVEL: "info",
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        OTEL_BSP_SCHEDULE_DELAY: "100",
        WEBHOOK_URL: `https://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
        WEBHOOK_SECRET: newWebhookSecret(),
        WEBHOOK_ALLOW_PRIVATE: "true",
        NODE_EXTRA_CA_CERTS: certificate.certPath,
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await close(receiver);
    if (collector) await close(collector.server);
    certificate.remove();
  });

  it("follow a demo request from the request to its SQL and its webhook delivery, and the receiver joins the trace", async () => {
    const answer = await fetch(`${server.baseUrl}/api/demo-requests`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Request-Id": "traced-0001" },
      body: JSON.stringify({
        firstName: "Dana",
        lastName: "Whitfield",
        email: "dana.traces@whitfieldpest.com",
        phone: "(512) 555-0147",
        company: "Whitfield Pest Control",
      }),
    });
    expect(answer.status).toBe(201);

    const request = await vi.waitFor(
      () => {
        const span = collector.spans.find((candidate) => candidate.name === "POST /api/demo-requests");
        expect(span).toBeDefined();
        return span!;
      },
      { timeout: 15_000 },
    );
    expect(request.parentSpanId ?? "").toBe("");
    const trace = () => collector.spans.filter((span) => span.traceId === request.traceId);

    // The outbox worker delivers the lead.created webhook a moment later, in the same trace.
    const post = await vi.waitFor(
      () => {
        const span = trace().find((candidate) => candidate.name === "webhook POST");
        expect(span).toBeDefined();
        return span!;
      },
      { timeout: 15_000 },
    );
    const byId = new Map(trace().map((span) => [span.spanId, span]));
    const ancestors = (span: OtlpSpan): string[] => {
      const parent = span.parentSpanId ? byId.get(span.parentSpanId) : undefined;
      return parent ? [parent.name, ...ancestors(parent)] : [];
    };
    expect(ancestors(post)).toEqual(["webhook delivery", "POST /api/demo-requests"]);
    const statements = trace().filter((span) => span.name.startsWith("db "));
    const insert = statements.find((span) => span.name === "db WITH" && span.parentSpanId === request.spanId);
    expect(insert, `statements: ${statements.map((span) => span.name).join(", ")}`).toBeDefined();
    // The delivery's own bookkeeping (its attempt, its row marked delivered) is in the trace too.
    expect(statements.some((span) => ancestors(span).includes("webhook delivery"))).toBe(true);

    // The receiver was handed the trace context of the POST that reached it.
    const delivered = received.find((headers) => headers.traceparent);
    expect(delivered?.traceparent).toBe(`00-${request.traceId}-${post.spanId}-01`);
    expect(delivered?.["webhook-signature"]).toBeDefined();

    // The request's log lines name its trace.
    const stored = jsonLogLines(server.output()).find((line) => line.message === "demo request stored");
    expect(stored).toMatchObject({ requestId: "traced-0001", traceId: request.traceId });
  });
});
