import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/fuzz/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    // Migrates one PGlite directory that the PGlite suites copy (tests/support/database.ts).
    globalSetup: ["tests/support/pglite-template.ts"],
    testTimeout: 60_000,
    // Hooks start app processes and databases; on a shared 2-core machine under load that took over 60 s once.
    hookTimeout: 180_000,
    // Suites book several demos on one day within seconds, which the default booking pace (ADR 0056) refuses as a
    // flood; the pace has its own tests (demo-booking-flood, dayPace), which set it themselves.
    env: { LOG_LEVEL: "silent", NODE_ENV: "test", DEMO_BOOKING_PACE_PERCENT: "100" },
  },
});
