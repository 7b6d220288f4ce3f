import { getEnv } from "~/utils/env.server";
import { redactSecrets } from "~/utils/redact";

type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

function write(level: Level, message: string, fields: Record<string, unknown> = {}) {
  if (order[level] < order[getEnv().LOG_LEVEL]) return;
  // The whole line, so a URL in any field, an error's message or its stack is covered.
  const line = redactSecrets(JSON.stringify({ time: new Date().toISOString(), level, message, ...serialize(fields) }));
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
}

function serialize(fields: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
  }
  return out;
}

export const logger = {
  debug: (message: string, fields?: Record<string, unknown>) => write("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
};
