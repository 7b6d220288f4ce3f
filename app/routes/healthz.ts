import { json } from "@remix-run/node";
import { probeDatabase } from "~/db/readiness.server";
import { isShuttingDown } from "~/server/graceful-shutdown.server";
import { renderCheck } from "~/server/render-check.server";
import { paymentMode } from "~/services/checkout/payments/payment-provider";
import { getEnv } from "~/utils/env.server";

/** 200 only when this instance can really serve pages; a 503 names the failing check for the operator. */
export async function loader() {
  const shuttingDown = isShuttingDown();
  const renders = renderCheck() === undefined;
  const database = await probeDatabase();
  const healthy = !shuttingDown && renders && database;
  return json(
    {
      status: shuttingDown ? "shutting-down" : healthy ? "ok" : "unavailable",
      database: database ? "up" : "down",
      rendering: renders ? "ok" : "failing",
      // Not a health signal: says whether orders are real money (only "stripe-live" is).
      payments: paymentMode(getEnv()),
    },
    { status: healthy ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
