import { z } from "zod";
import type { SiteConfig } from "~/content/site";

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const optionalUrl = z
  .string()
  .trim()
  .url()
  .optional()
  .or(z.literal("").transform(() => undefined));

// Stripe issues secret keys (sk_) and restricted keys (rk_); a publishable key (pk_) or a webhook secret here
// would only fail at the first checkout, in front of a visitor.
const stripeSecretKey = z
  .string()
  .trim()
  .refine((key) => key === "" || /^(sk|rk)_\w+$/.test(key), {
    message:
      "must be a Stripe secret key (sk_test_… or sk_live_…) or restricted key (rk_…); leave it unset for the built-in test mode",
  })
  .transform((key) => key || undefined)
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  // Unset → derived from PORT and HOST (see defaultAppUrl), so links follow the port the server listens on.
  APP_URL: z
    .string()
    .trim()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Read by remix-serve to listen; parsed here too so that a bad value is named and APP_URL can follow it.
  PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65_535)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  HOST: z.string().trim().optional(),
  BRAND_NAME: z.string().trim().min(1).default("Groundwork"),
  WEB_APP_URL: z.string().trim().url().default("https://app.groundworkcrm.com"),
  FORUM_URL: z.string().trim().url().default("https://community.groundworkcrm.com"),

  DATABASE_URL: optionalUrl,
  PGLITE_DATA_DIR: z.string().trim().min(1).default("./data/pglite"),
  DATABASE_POOL_SIZE: positiveInt(10),
  // How long start-up waits for an unreachable database before giving up (ADR 0010).
  DATABASE_WAIT_SECONDS: positiveInt(30),
  // How long SIGTERM/SIGINT waits for requests in flight before closing them (docker stop kills after 10 s).
  SHUTDOWN_TIMEOUT_SECONDS: positiveInt(5),

  // Comma-separated; the first signs, all verify, so a secret can be rotated without logging everyone out.
  SESSION_SECRET: z.string().trim().optional(),

  STRIPE_SECRET_KEY: stripeSecretKey,
  STRIPE_WEBHOOK_SECRET: z.string().trim().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().trim().optional(),
  STRIPE_API_HOST: z.string().trim().optional(),
  STRIPE_API_PORT: z.coerce.number().int().positive().optional(),
  STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
  // Browsers apply form-action to the redirect that follows a form POST, so the CSP must allow this origin.
  STRIPE_CHECKOUT_ORIGIN: z.string().trim().url().default("https://checkout.stripe.com"),
  COUPONS: z.string().trim().default("LAUNCH20:20"),

  SMTP_URL: optionalUrl,
  SALES_EMAIL: z.string().trim().email().default("sales@groundworkcrm.com"),
  MAIL_FROM: z.string().trim().default("Groundwork <no-reply@groundworkcrm.com>"),
  OUTBOX_WORKER: z.enum(["on", "off"]).default("on"),
  // The cache of rendered pages (ADR 0005); "off" renders every page for its request (tests compare the two).
  PAGE_CACHE: z.enum(["on", "off"]).default("on"),

  ADMIN_USERNAME: z.string().trim().optional(),
  ADMIN_PASSWORD: z.string().optional(),

  // Number of proxy hops whose X-Forwarded-For entries are trusted; 0 means the header is never read.
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  BODY_LIMIT_BYTES: positiveInt(16 * 1024),
  RATE_LIMIT_WINDOW_SECONDS: positiveInt(60),
  RATE_LIMIT_PER_CLIENT: positiveInt(10),
  RATE_LIMIT_PER_EMAIL: positiveInt(5),
  // A last resort against many clients at once, far above real traffic (ADR 0012).
  RATE_LIMIT_GLOBAL: positiveInt(3000),
  RATE_LIMIT_COUPONS_PER_SESSION: positiveInt(5),
  LOGIN_RATE_LIMIT: positiveInt(5),

  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
});

export type Env = Omit<z.infer<typeof envSchema>, "APP_URL"> & {
  /** The public origin: APP_URL as configured, else derived from PORT and HOST. */
  APP_URL: string;
  /** Whether APP_URL came from the environment (a derived one is only right for local use). */
  appUrlConfigured: boolean;
  sessionSecrets: string[];
};

const DEFAULT_PORT = 3000;
// Addresses that mean "every interface": not something a browser can open, so links use localhost.
const WILDCARD_HOSTS = new Set(["", "0.0.0.0", "::", "[::]"]);

/** The origin a visitor on this machine opens when APP_URL is not set: remix-serve listens on PORT (and HOST). */
export function defaultAppUrl(port: number | undefined, host: string | undefined): string {
  const name = host?.trim() ?? "";
  const hostname = WILDCARD_HOSTS.has(name)
    ? "localhost"
    : name.includes(":") && !name.startsWith("[")
      ? `[${name}]`
      : name;
  return `http://${hostname}:${port ?? DEFAULT_PORT}`;
}

function formatIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `  - ${issue.path.join(".") || "(env)"}: ${issue.message}`).join("\n");
}

function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new Error(
      `Invalid environment configuration:\n${formatIssues(result.error)}\n` +
        "Fix the variables above (see .env.example for every setting and its format) and start again.",
    );
  }
  const env = result.data;
  let sessionSecrets = (env.SESSION_SECRET ?? "")
    .split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);
  if (sessionSecrets.some((secret) => secret.length < 32)) {
    throw new Error(
      "Invalid environment configuration:\n  - SESSION_SECRET: every comma-separated secret must be at least 32 characters.\n" +
        "Generate one with: node -e \"console.log(require('crypto').randomBytes(32).toString('hex'))\"",
    );
  }
  if (sessionSecrets.length === 0) {
    // A fresh machine must run with no configuration; a per-process secret keeps cookies safe but
    // they do not survive a restart, which is why production should set SESSION_SECRET.
    sessionSecrets = [crypto.randomUUID() + crypto.randomUUID()];
    if (env.NODE_ENV === "production" && env.LOG_LEVEL !== "silent") {
      console.warn(
        "SESSION_SECRET is not set: using a random secret for this process. Sessions and toasts will not survive a restart; set SESSION_SECRET to keep them.",
      );
    }
  }
  return {
    ...env,
    APP_URL: env.APP_URL ?? defaultAppUrl(env.PORT, env.HOST),
    appUrlConfigured: Boolean(env.APP_URL),
    sessionSecrets,
  };
}

const globalForEnv = globalThis as unknown as { __groundworkEnv?: Env };

/** The parsed environment: parsed once, at start-up, and the same object ever after. */
export function getEnv(): Env {
  globalForEnv.__groundworkEnv ??= parseEnv(process.env);
  return globalForEnv.__groundworkEnv;
}

/**
 * Without PORT, remix-serve takes 3000 or, when that is busy, another free port; once it listens, a derived
 * APP_URL follows the port it really got. Called before the first request, so no page has used the old one.
 */
export function adoptListeningPort(port: number) {
  const env = getEnv();
  if (env.appUrlConfigured || env.PORT !== undefined) return;
  env.APP_URL = defaultAppUrl(port, env.HOST);
}

/**
 * The origin for absolute links in an answer to `request`: APP_URL when configured; otherwise (local use) the
 * origin the client used, which is right whatever the port or host name. Not for anything cached or shared.
 */
export function requestOrigin(request: Request): string {
  const env = getEnv();
  return env.appUrlConfigured ? new URL(env.APP_URL).origin : new URL(request.url).origin;
}

/** The only configuration that may reach the browser. */
export function getPublicEnv(): SiteConfig {
  const env = getEnv();
  return {
    brandName: env.BRAND_NAME,
    appUrl: env.APP_URL.replace(/\/$/, ""),
    webAppUrl: env.WEB_APP_URL,
    forumUrl: env.FORUM_URL,
  };
}
