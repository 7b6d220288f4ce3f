import pino from "pino";
import { getEnv } from "~/utils/env.server";
import { currentTraceId } from "~/utils/tracing.server";
import { redactSecrets } from "~/utils/redact";
import { remember } from "~/utils/singleton.server";

/** Credentials and a person's contact details (a mail's recipient and body hold them too) are never written. */
export const REDACTED_FIELDS = [
  "password",
  "token",
  "key",
  "secret",
  "authorization",
  "cookie",
  "email",
  "phone",
  "to",
  "text",
  "html",
];

const emailAddress = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

/** What no field name can catch: a secret in a URL, an address inside an error's message. */
function redactText(line: string) {
  return redactSecrets(line).replace(emailAddress, "[redacted]");
}

function createLogger(env: ReturnType<typeof getEnv>) {
  const options: pino.LoggerOptions = {
    level: env.LOG_LEVEL,
    messageKey: "message",
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    serializers: { error: pino.stdSerializers.err },
    redact: { paths: REDACTED_FIELDS.flatMap((field) => [field, `*.${field}`]), censor: "[redacted]" },
    hooks: { streamWrite: redactText },
    // With tracing on, a line written inside a trace names it.
    mixin: () => {
      const traceId = currentTraceId();
      return traceId ? { traceId } : {};
    },
  };
  if (env.LOG_FORMAT === "pretty") {
    return pino({ ...options, transport: { target: "pino-pretty", options: { messageKey: "message" } } });
  }
  // process.stdout, not pino's own file writer: one stream for every line, and tests can read it.
  return pino(options, process.stdout);
}

/** Made on first use, after the environment is checked, and again when it is read again (a test's LOG_LEVEL). */
export function baseLogger() {
  const env = getEnv();
  return remember("logger", () => createLogger(env), { basedOn: env });
}

type Fields = Record<string, unknown>;

export const logger = {
  debug: (message: string, fields: Fields = {}) => baseLogger().debug(fields, message),
  info: (message: string, fields: Fields = {}) => baseLogger().info(fields, message),
  warn: (message: string, fields: Fields = {}) => baseLogger().warn(fields, message),
  error: (message: string, fields: Fields = {}) => baseLogger().error(fields, message),
};
