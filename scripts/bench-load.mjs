// What the bench scripts share: the demo request they post, and the figures they keep of an autocannon run.

/**
 * Demo-request POSTs for autocannon, each from a unique address (`email(sequence)`) so each 2xx can be matched with
 * its row afterwards; the addresses answered 2xx go into `acknowledged`.
 */
export function demoRequests({ email, lastName, acknowledged }) {
  let sequence = 0;
  return [
    {
      method: "POST",
      path: "/api/demo-requests",
      headers: { "content-type": "application/json", accept: "application/json" },
      setupRequest(request, context) {
        sequence += 1;
        context.email = email(sequence);
        request.body = JSON.stringify({
          firstName: "Bench",
          lastName: lastName(sequence),
          email: context.email,
          phone: "+1 (555) 010-2030",
          company: "Benchmark Landscaping LLC",
          dealVolume: "11-25",
          challenges: "Leads fall through the cracks between the office and the crews.",
        });
        return request;
      },
      onResponse(status, _body, context) {
        if (status >= 200 && status < 300) acknowledged.add(context.email);
      },
    },
  ];
}

/** How many answers of each status a run got. */
export const statusCounts = (result) =>
  Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]));

/** The figures every case reports of its autocannon run. */
export function loadFigures(result) {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    requests: result.requests.total,
    ok2xx: result["2xx"],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: statusCounts(result),
    durationSeconds: result.duration,
  };
}
