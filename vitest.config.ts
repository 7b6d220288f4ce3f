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
    env: { LOG_LEVEL: "silent", NODE_ENV: "test" },
  },
});
