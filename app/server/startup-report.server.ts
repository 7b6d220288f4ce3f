import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { Server as HttpServer } from "node:http";
import { adoptListeningPort, defaultAppUrl, type Env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { counterStore } from "~/services/rate-limit.server";
import { paymentMode } from "~/services/checkout/payments/payment-provider";

/** Which payment path the checkout takes, in words an operator can act on. */
const paymentModeWords = {
  simulated: "test mode (STRIPE_SECRET_KEY is not set): checkout is simulated, no card is charged, no order is revenue",
  "stripe-test": "Stripe Checkout, test keys: no card is charged, no order is revenue",
  "stripe-live": "Stripe Checkout, live keys",
} as const;

// Node publishes this once a server's port is bound (net.Server#listen has completed).
export const LISTENING_CHANNEL = "tracing:net.server.listen:asyncEnd";

/** remix-serve binds the port after importing the build, so "ready" is only true once it listens. */
export function reportWhenListening(env: Env) {
  const onListening = (message: unknown) => {
    const server = (message as { server?: unknown }).server;
    if (!(server instanceof HttpServer)) return;
    const address = server.address();
    if (!address || typeof address === "string") return;
    unsubscribe(LISTENING_CHANNEL, onListening);
    adoptListeningPort(address.port);
    logger.info("listening", {
      url: defaultAppUrl(address.port, env.HOST),
      appUrl: env.APP_URL,
      database: env.DATABASE_URL ? "postgres" : "pglite",
      // Where the rate-limit counters live: every instance of one site must say the same (ADR 0018).
      rateLimits: counterStore(env),
      payments: paymentModeWords[paymentMode(env)],
      // Every instance must sign with the same secret, or links made by one fail on another (ADR 0043).
      sessionSecret: env.sessionSecretSource === "SESSION_SECRET" ? "SESSION_SECRET" : env.SESSION_SECRET_FILE,
      nodeEnv: env.NODE_ENV,
    });
    if (env.NODE_ENV === "production" && !env.appUrlConfigured) {
      logger.warn(
        `APP_URL is not set: canonical links, the sitemap, e-mails and Stripe's return URLs use ${env.APP_URL}. ` +
          "Set APP_URL to the public origin (e.g. https://www.example.com).",
      );
    }
  };
  subscribe(LISTENING_CHANNEL, onListening);
}
