import { defineConfig } from "vitest/config";
import base from "../../vitest.config";

// The fault tests start their own PostgreSQL cluster and the production build, so they run on their own
// (`npm run test:faults`, after `npm run build`), not inside the unit/integration run.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["tests/faults/**/*.test.ts"],
    // No describeWithDatabases here: no PGlite directory to copy.
    globalSetup: [],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
