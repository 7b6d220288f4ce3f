import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { isKnownTimeZone } from "~/utils/time/time-zone-format";
import { isCalendarDate } from "~/utils/time/calendar-date";
import type { SiteConfig } from "~/content/site";
import { retentionDefaults, type RetentionPolicy } from "~/content/legal";
import { remember } from "~/utils/singleton.server";

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Set to "" (as .env files often leave it) means unset. */
const blankIsUnset = <T extends z.ZodTypeAny>(schema: T) =>
  schema.optional().or(z.literal("").transform(() => undefined));

const optionalPort = blankIsUnset(z.coerce.number().int().min(1).max(65_535));

const optionalUrl = blankIsUnset(z.string().trim().url());

// A publishable key or webhook secret here would only fail at the first checkout, in front of a visitor.
const stripeSecretKey = z
  .string()
  .trim()
  .refine((key) => key === "" || /^(sk|rk)_\w+$/.test(key), {
    message:
      "must be a Stripe secret key (sk_test_… or sk_live_…) or restricted key (rk_…); leave it unset for the built-in test mode",
  })
  .transform((key) => key || undefined)
  .optional();

const WEEKDAY_NAMES = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

// An IANA zone the runtime knows; "Central" or "+02:00" would only fail at the first booking.
const timeZoneName = z
  .string()
  .trim()
  .min(1)
  .refine(isKnownTimeZone, { message: "must be an IANA time zone such as America/Chicago or Europe/Berlin" });

/** "Mon-Fri", "Mon,Tue,Thu", "Sun-Sat" or "Fri-Mon" (wrapping) → sorted day numbers, 0 = Sunday. */
const workingDays = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const days = new Set<number>();
    const dayOf = (name: string) => WEEKDAY_NAMES.indexOf(name.trim().slice(0, 3).toLowerCase());
    for (const part of value.split(",")) {
      const [first, last, ...rest] = part.split("-");
      const from = dayOf(first ?? "");
      const to = last === undefined ? from : dayOf(last);
      if (from < 0 || to < 0 || rest.length > 0 || first.trim().length < 3 || (last ?? first).trim().length < 3) {
        ctx.addIssue({
          code: "custom",
          message: "must be days like Mon-Fri or Mon,Tue,Thu (Sun Mon Tue Wed Thu Fri Sat)",
        });
        return z.NEVER;
      }
      for (let day = from; ; day = (day + 1) % 7) {
        days.add(day);
        if (day === to) break;
      }
    }
    return [...days].sort((a, b) => a - b);
  });

/** "09:00-17:00" → minutes after local midnight; "24:00" may end the day. */
const workingHours = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const match = /^(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})$/.exec(value);
    const startMinute = match ? Number(match[1]) * 60 + Number(match[2]) : NaN;
    const endMinute = match ? Number(match[3]) * 60 + Number(match[4]) : NaN;
    if (
      !match ||
      Number(match[2]) > 59 ||
      Number(match[4]) > 59 ||
      !(startMinute >= 0 && startMinute < endMinute && endMinute <= 24 * 60)
    ) {
      ctx.addIssue({
        code: "custom",
        message: "must be a start and end time like 09:00-17:00 (24-hour clock, start before end)",
      });
      return z.NEVER;
    }
    return { startMinute, endMinute };
  });

const blackoutDates = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const dates = value
      .split(",")
      .map((date) => date.trim())
      .filter(Boolean);
    const bad = dates.find((date) => !isCalendarDate(date));
    if (bad !== undefined) {
      ctx.addIssue({ code: "custom", message: `"${bad}" is not a date; use YYYY-MM-DD, comma-separated` });
      return z.NEVER;
    }
    return dates;
  });

const MAX_REMINDER_MINUTES = 30 * 24 * 60;

/** "24h,1h" → minutes before the demo's start, largest first; "off" → none (ADR 0031). */
const reminderOffsets = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (/^off$/i.test(value)) return [];
    const minutes = new Set<number>();
    for (const part of value.split(",")) {
      const match = /^(\d{1,5})\s*([hm])$/i.exec(part.trim());
      const amount = match ? Number(match[1]) * (match[2].toLowerCase() === "h" ? 60 : 1) : NaN;
      if (!(amount >= 1 && amount <= MAX_REMINDER_MINUTES)) {
        ctx.addIssue({
          code: "custom",
          message: `"${part.trim()}" is not a reminder time; use "off" or times before the demo like 24h,1h or 30m (whole hours or minutes, up to 30 days)`,
        });
        return z.NEVER;
      }
      minutes.add(amount);
    }
    return [...minutes].sort((a, b) => b - a);
  });

/** A Standard Webhooks signing secret, as Svix and the standardwebhooks libraries expect. */
export function isWebhookSecret(value: string): boolean {
  const match = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(value);
  if (!match) return false;
  const bytes = Buffer.from(match[1], "base64").length;
  return bytes >= 24 && bytes <= 64;
}

const webhookSecret = z
  .string()
  .trim()
  .refine((value) => value === "" || isWebhookSecret(value), {
    message:
      "must be a Standard Webhooks secret: \"whsec_\" and base64 of 24-64 random bytes. Make one with: node -e \"console.log('whsec_' + require('crypto').randomBytes(32).toString('base64'))\"",
  })
  .transform((value) => value || undefined)
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  // Unset → derived from PORT and HOST (see defaultAppUrl), so links follow the port the server listens on.
  // Kept without a trailing slash, so every link adds its path to it as it is.
  APP_URL: blankIsUnset(
    z
      .string()
      .trim()
      .url()
      .transform((url) => url.replace(/\/$/, "")),
  ),
  // Read by remix-serve to listen; parsed here too so that a bad value is named and APP_URL can follow it.
  PORT: optionalPort,
  HOST: z.string().trim().optional(),
  BRAND_NAME: z.string().trim().min(1).default("Groundwork"),
  WEB_APP_URL: z.string().trim().url().default("https://app.groundworkcrm.com"),
  FORUM_URL: z.string().trim().url().default("https://community.groundworkcrm.com"),

  DATABASE_URL: optionalUrl,
  // Shared rate-limit counters (ADR 0018); unset → PostgreSQL when DATABASE_URL is set, else this process's memory.
  REDIS_URL: blankIsUnset(
    z
      .string()
      .trim()
      .url()
      .refine((url) => /^rediss?:\/\//i.test(url), {
        message: "must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379 (or leave it unset)",
      }),
  ),
  // Put before every Redis key, so several sites (or test runs) can share one Redis without sharing counters.
  REDIS_KEY_PREFIX: z.string().trim().default("groundwork:"),
  PGLITE_DATA_DIR: z.string().trim().min(1).default("./data/pglite"),
  DATABASE_POOL_SIZE: positiveInt(10),
  // How long start-up waits for an unreachable database before giving up (ADR 0010).
  DATABASE_WAIT_SECONDS: positiveInt(30),
  // How long SIGTERM/SIGINT waits for requests in flight; keep it under docker stop's grace period.
  SHUTDOWN_TIMEOUT_SECONDS: positiveInt(5),

  // Comma-separated; the first signs, all verify, so a secret can be rotated without logging everyone out.
  SESSION_SECRET: z.string().trim().optional(),
  // Without SESSION_SECRET, the secret made on the first start is kept here for every later one (ADR 0043).
  SESSION_SECRET_FILE: z.string().trim().min(1).default("./data/session-secret"),

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
  // ADR 0005; tests compare "on" with "off".
  PAGE_CACHE: z.enum(["on", "off"]).default("on"),
  // CDN caching of the public landing page (ADR 0019); 0 disables.
  PAGE_S_MAXAGE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  PAGE_STALE_WHILE_REVALIDATE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  // Bounds how stale other instances' bookings can look on the landing page (ADR 0024).
  AVAILABILITY_MAX_AGE_SECONDS: z.coerce.number().int().min(1).max(300).default(30),

  ADMIN_USERNAME: z.string().trim().optional(),
  ADMIN_PASSWORD: z.string().optional(),

  // Number of proxy hops whose X-Forwarded-For entries are trusted; 0 means the header is never read.
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  BODY_LIMIT_BYTES: positiveInt(16 * 1024),
  RATE_LIMIT_WINDOW_SECONDS: positiveInt(retentionDefaults.counterWindowSeconds),
  RATE_LIMIT_PER_CLIENT: positiveInt(10),
  RATE_LIMIT_PER_EMAIL: positiveInt(5),
  // A last resort against many clients at once, far above real traffic (ADR 0012).
  RATE_LIMIT_GLOBAL: positiveInt(3000),
  RATE_LIMIT_COUPONS_PER_SESSION: positiveInt(5),
  LOGIN_RATE_LIMIT: positiveInt(5),
  // Funnel beacons (ADR 0021): a visitor sends one per page load.
  RATE_LIMIT_EVENTS_PER_CLIENT: positiveInt(30),

  // What /privacy promises and the retention job deletes on (ADR 0046).
  RETENTION_LEAD_MONTHS: positiveInt(retentionDefaults.leadMonths),
  RETENTION_ORDER_YEARS: positiveInt(retentionDefaults.orderYears),
  RETENTION_LOG_DAYS: positiveInt(retentionDefaults.logDays),

  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  LOG_FORMAT: z.enum(["json", "pretty"]).default("json"),
  // Traces (ADR 0050), by OpenTelemetry's own variable names; unset endpoint → no tracing code is loaded.
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  OTEL_SERVICE_NAME: z.string().trim().min(1).default("groundwork-site"),
  OTEL_BSP_SCHEDULE_DELAY: positiveInt(5000),
  // Prometheus metrics on their own port, never the site's (ADR 0049); unset → not served.
  METRICS_PORT: optionalPort,
  METRICS_TOKEN: blankIsUnset(
    z
      .string()
      .trim()
      .min(16, "must be at least 16 characters (or leave it unset and keep METRICS_PORT off the public network)"),
  ),

  // Demo booking (ADR 0016), in the business's own time zone.
  DEMO_TIME_ZONE: timeZoneName.default("America/Chicago"),
  DEMO_WORKING_DAYS: workingDays.default("Mon-Fri"),
  DEMO_WORKING_HOURS: workingHours.default("09:00-17:00"),
  DEMO_SLOT_MINUTES: positiveInt(15),
  DEMO_BUFFER_MINUTES: z.coerce.number().int().min(0).default(0),
  DEMO_MIN_NOTICE_MINUTES: z.coerce.number().int().min(0).default(120),
  DEMO_HORIZON_DAYS: z.coerce.number().int().min(1).max(366).default(14),
  // Seed a fresh install only (ADR 0030): once any host exists, hosts are managed on /admin/hosts.
  DEMO_HOSTS: z.coerce.number().int().min(1).max(100).default(2),
  DEMO_HOST_NAME: z.string().trim().max(70).optional(),
  DEMO_HOST_EMAIL: z.string().trim().email().optional(),
  DEMO_BLACKOUT_DATES: blackoutDates.default(""),
  DEMO_REMINDERS: reminderOffsets.default("24h,1h"),
  // ADR 0056: the share of a day's seats that bookings made within 24 hours may take.
  DEMO_BOOKING_PACE_PERCENT: z.coerce.number().int().min(1).max(100).default(25),

  // An endpoint declared by the deployment, sent every event (ADR 0033). Both or neither.
  WEBHOOK_URL: optionalUrl,
  WEBHOOK_SECRET: webhookSecret,
  // "true" lets webhooks go to loopback and private addresses (development, tests); link-local never.
  WEBHOOK_ALLOW_PRIVATE: z.enum(["true", "false"]).default("false"),
});

export type Env = Omit<z.infer<typeof envSchema>, "APP_URL"> & {
  APP_URL: string;
  /** Whether APP_URL came from the environment (a derived one is only right for local use). */
  appUrlConfigured: boolean;
  sessionSecrets: string[];
  sessionSecretSource: "SESSION_SECRET" | "SESSION_SECRET_FILE";
};

const DEFAULT_PORT = 3000;
// Addresses that mean "every interface": not something a browser can open, so links use localhost.
const WILDCARD_HOSTS = new Set(["", "0.0.0.0", "::", "[::]"]);

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
  const { startMinute, endMinute } = env.DEMO_WORKING_HOURS;
  if (startMinute + env.DEMO_SLOT_MINUTES > endMinute) {
    throw new Error(
      `Invalid environment configuration:\n  - DEMO_SLOT_MINUTES: a ${env.DEMO_SLOT_MINUTES}-minute demo does not fit in DEMO_WORKING_HOURS.\n` +
        "Shorten the slot or widen the working hours.",
    );
  }
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
  const sessionSecretSource = sessionSecrets.length ? "SESSION_SECRET" : "SESSION_SECRET_FILE";
  if (sessionSecrets.length === 0) sessionSecrets = [keptSessionSecret(env.SESSION_SECRET_FILE)];
  if (Boolean(env.WEBHOOK_URL) !== Boolean(env.WEBHOOK_SECRET)) {
    throw new Error(
      `Invalid environment configuration:\n  - ${env.WEBHOOK_URL ? "WEBHOOK_SECRET" : "WEBHOOK_URL"}: WEBHOOK_URL and WEBHOOK_SECRET go together.\n` +
        "Set both to send every event to that endpoint, or neither (endpoints can also be added on /admin/webhooks).",
    );
  }
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === (env.PORT ?? DEFAULT_PORT)) {
    throw new Error(
      `Invalid environment configuration:\n  - METRICS_PORT: ${env.METRICS_PORT} is the site's own port.\n` +
        "Pick another port (9464 is Prometheus's usual one for an app) and keep it off the public network.",
    );
  }
  return {
    ...env,
    APP_URL: env.APP_URL ?? defaultAppUrl(env.PORT, env.HOST),
    appUrlConfigured: Boolean(env.APP_URL),
    sessionSecrets,
    sessionSecretSource,
  };
}

function readSecretFile(file: string): string | undefined {
  let secret: string;
  try {
    secret = readFileSync(file, "utf8").trim();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    throw unusableSecretFile(file, code);
  }
  if (secret.length < 32) {
    throw new Error(
      `Invalid environment configuration:\n  - SESSION_SECRET_FILE: ${file} holds fewer than 32 characters.\n` +
        "Delete it to have a new secret made (links already sent stop working), or set SESSION_SECRET.",
    );
  }
  return secret;
}

function unusableSecretFile(file: string, code: string | undefined) {
  return new Error(
    `Invalid environment configuration:\n  - SESSION_SECRET_FILE: cannot keep a secret in ${file} (${code}).\n` +
      "Make its folder writable, point SESSION_SECRET_FILE elsewhere, or set SESSION_SECRET.",
  );
}

// Links already e-mailed must survive a restart. Written aside and linked into place, so instances starting at once
// on one machine all keep the first secret made.
function keptSessionSecret(file: string): string {
  const kept = readSecretFile(file);
  if (kept) return kept;
  const draft = `${file}.${process.pid}.${crypto.randomUUID()}`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(draft, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600 });
    linkSync(draft, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EEXIST") throw unusableSecretFile(file, code);
  } finally {
    rmSync(draft, { force: true });
  }
  return readSecretFile(file)!;
}

export function getEnv(): Env {
  return remember("env", () => parseEnv(process.env));
}

/** Without PORT, remix-serve may pick another free port; a derived APP_URL follows it. Call before any request. */
export function adoptListeningPort(port: number) {
  const env = getEnv();
  if (env.appUrlConfigured || env.PORT !== undefined) return;
  env.APP_URL = defaultAppUrl(port, env.HOST);
}

/** APP_URL when configured, else (local use) the origin the client used. Not for anything cached or shared. */
export function requestOrigin(request: Request): string {
  const env = getEnv();
  return env.appUrlConfigured ? new URL(env.APP_URL).origin : new URL(request.url).origin;
}

export type BookingSettings = {
  /** IANA zone of the business: working hours, days and blackout dates are in it. */
  timeZone: string;
  /** 0 = Sunday … 6 = Saturday. */
  workingDays: number[];
  /** Minutes after local midnight: the first slot starts at startMinute, the last one ends by endMinute. */
  startMinute: number;
  endMinute: number;
  slotMinutes: number;
  /** Slots start every slotMinutes + bufferMinutes. */
  bufferMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
  hosts: number;
  /** YYYY-MM-DD dates in timeZone with no demos. */
  blackoutDates: Set<string>;
  /** Minutes before the demo's start, largest first; empty = none. */
  reminderMinutes: number[];
  /** The share (percent) of a day's seats bookings made within 24 hours may take (ADR 0056). */
  pacePercent: number;
};

export function getBookingSettings(): BookingSettings {
  const env = getEnv();
  return {
    timeZone: env.DEMO_TIME_ZONE,
    workingDays: env.DEMO_WORKING_DAYS,
    startMinute: env.DEMO_WORKING_HOURS.startMinute,
    endMinute: env.DEMO_WORKING_HOURS.endMinute,
    slotMinutes: env.DEMO_SLOT_MINUTES,
    bufferMinutes: env.DEMO_BUFFER_MINUTES,
    minNoticeMinutes: env.DEMO_MIN_NOTICE_MINUTES,
    horizonDays: env.DEMO_HORIZON_DAYS,
    hosts: env.DEMO_HOSTS,
    blackoutDates: new Set(env.DEMO_BLACKOUT_DATES),
    reminderMinutes: env.DEMO_REMINDERS,
    pacePercent: env.DEMO_BOOKING_PACE_PERCENT,
  };
}

/** The only configuration that may reach the browser. */
export function getPublicEnv(): SiteConfig {
  const env = getEnv();
  return {
    brandName: env.BRAND_NAME,
    appUrl: env.APP_URL,
    webAppUrl: env.WEB_APP_URL,
    forumUrl: env.FORUM_URL,
  };
}

export function getRetentionPolicy(): RetentionPolicy {
  const env = getEnv();
  return {
    leadMonths: env.RETENTION_LEAD_MONTHS,
    orderYears: env.RETENTION_ORDER_YEARS,
    logDays: env.RETENTION_LOG_DAYS,
    counterWindowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
  };
}

export type WebhookSettings = {
  endpoint?: { url: string; secret: string };
  allowPrivate: boolean;
  /** Endpoints must use https (production); http is allowed for loopback elsewhere. */
  httpsOnly: boolean;
};

export function getWebhookSettings(): WebhookSettings {
  const env = getEnv();
  return {
    endpoint: env.WEBHOOK_URL && env.WEBHOOK_SECRET ? { url: env.WEBHOOK_URL, secret: env.WEBHOOK_SECRET } : undefined,
    allowPrivate: env.WEBHOOK_ALLOW_PRIVATE === "true",
    httpsOnly: env.NODE_ENV === "production",
  };
}
