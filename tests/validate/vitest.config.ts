import { configDefaults, defineConfig } from "vitest/config";
import base from "../../vitest.config";

// `npm run validate`: the unit and integration suites on PGlite only, with no PostgreSQL, no Chromium and no
// production build, so a contributor can check a change in a minute. `npm test` still runs everything on both
// databases. A test that needs PostgreSQL or the build fails here with a message (see tests/support/postgres.mjs)
// until it is listed below.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    exclude: [
      ...configDefaults.exclude,
      // They start the production build (`npm run build` first).
      "tests/integration/admin-create.test.ts",
      "tests/integration/funnel-walk-through.test.ts",
      "tests/integration/many-instances.test.ts",
      "tests/integration/outbox-servers.test.ts",
      "tests/integration/page-cache.test.ts",
      "tests/integration/rate-limit-defaults.test.ts",
      "tests/integration/startup.test.ts",
      // PostgreSQL only: what a statement timeout does to a real server.
      "tests/integration/demo-request-timeout.test.ts",
      // The shared rate-limit stores: PostgreSQL and Redis.
      "tests/integration/rate-limit-stores.test.ts",
    ],
    env: { ...base.test?.env, TEST_DATABASES: "pglite" },
  },
});
