// A local HTTP server that speaks enough of the Stripe API for the real `stripe` SDK: Checkout Sessions
// and promotion code look-ups. It records what it receives so tests can check the exact request.
import { createServer } from "node:http";

function send(response, status, body, headers = {}) {
  response.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${Date.now()}`, ...headers });
  response.end(JSON.stringify(body));
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    let data = "";
    request.setEncoding("utf8");
    request.on("data", (chunk) => (data += chunk));
    request.on("end", () => resolve(data));
    request.on("error", reject);
  });
}

/**
 * @param {{ promotionCodes?: Array<{ code: string; id: string; percentOff?: number; amountOff?: number }> }} [options]
 */
export async function startFakeStripe({ promotionCodes = [] } = {}) {
  /** @type {Array<{ method: string; path: string; headers: Record<string, string | string[] | undefined>; body: string; form: URLSearchParams }>} */
  const requests = [];
  const sessions = new Map();
  const byIdempotencyKey = new Map();
  let failWith = 0;
  let counter = 0;
  let origin = "";

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", origin);
    const body = await readBody(request);
    const form = new URLSearchParams(body);
    if (url.pathname.startsWith("/v1/")) {
      requests.push({
        method: request.method ?? "GET",
        path: url.pathname + url.search,
        headers: request.headers,
        body,
        form,
      });
    }

    if (url.pathname.startsWith("/v1/") && failWith) {
      return send(response, failWith, {
        error: { type: "api_error", message: "The fake Stripe server was told to fail." },
      });
    }
    if (!String(request.headers.authorization ?? "").startsWith("Bearer sk_")) {
      if (url.pathname.startsWith("/v1/")) {
        return send(response, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      }
    }

    if (request.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const key = request.headers["idempotency-key"];
      if (typeof key === "string" && byIdempotencyKey.has(key)) return send(response, 200, byIdempotencyKey.get(key));
      counter += 1;
      const id = `cs_test_fake_${counter}_${Math.random().toString(36).slice(2, 8)}`;
      const session = {
        id,
        object: "checkout.session",
        mode: form.get("mode"),
        status: "open",
        payment_status: "unpaid",
        customer_email: form.get("customer_email"),
        client_reference_id: form.get("client_reference_id"),
        metadata: { orderId: form.get("metadata[orderId]") },
        url: `${origin}/pay/${id}`,
        success_url: form.get("success_url"),
        cancel_url: form.get("cancel_url"),
      };
      sessions.set(id, session);
      if (typeof key === "string") byIdempotencyKey.set(key, session);
      return send(response, 200, session);
    }

    const sessionMatch = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
    if (request.method === "GET" && sessionMatch) {
      const session = sessions.get(sessionMatch[1]);
      if (!session)
        return send(response, 404, { error: { type: "invalid_request_error", message: "No such checkout.session" } });
      return send(response, 200, session);
    }

    if (request.method === "GET" && url.pathname === "/v1/promotion_codes") {
      const code = url.searchParams.get("code") ?? "";
      const data = promotionCodes
        .filter((promo) => promo.code.toLowerCase() === code.toLowerCase())
        .map((promo) => ({
          id: promo.id,
          object: "promotion_code",
          active: true,
          code: promo.code,
          promotion: {
            type: "coupon",
            coupon: {
              id: `co_${promo.id}`,
              object: "coupon",
              percent_off: promo.percentOff ?? null,
              amount_off: promo.amountOff ?? null,
              currency: "usd",
              valid: true,
            },
          },
        }));
      return send(response, 200, { object: "list", data, has_more: false, url: "/v1/promotion_codes" });
    }

    // The hosted checkout page the browser is sent to.
    const payMatch = /^\/pay\/([\w-]+)$/.exec(url.pathname);
    if (request.method === "GET" && payMatch && sessions.has(payMatch[1])) {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return response.end(
        `<!doctype html><html lang="en"><head><title>Fake Stripe Checkout</title></head><body><h1>Fake Stripe Checkout</h1><p id="session">${payMatch[1]}</p></body></html>`,
      );
    }

    send(response, 404, {
      error: {
        type: "invalid_request_error",
        message: `Unrecognized request URL (${request.method}: ${url.pathname})`,
      },
    });
  });

  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  origin = `http://127.0.0.1:${port}`;

  return {
    port,
    origin,
    requests,
    sessions,
    /** 0 answers normally; any other status makes every API call answer with it. */
    setFailure(status) {
      failWith = status;
    },
    sessionCreates() {
      return requests.filter((entry) => entry.method === "POST" && entry.path === "/v1/checkout/sessions");
    },
    stop() {
      return new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve(undefined));
      });
    },
  };
}
