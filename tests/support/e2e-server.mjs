// Playwright's webServer: the production build on PostgreSQL (a database made for this run), test-mode
// checkout, so that tests can check rows through the database.
import { createNamedDatabase, databaseUrl, dropDatabase } from "./postgres.mjs";
import { startAppServer } from "./app-server.mjs";

const name = process.env.E2E_DB_NAME;
const port = Number(process.env.E2E_PORT);
await createNamedDatabase(name);
const server = await startAppServer({
  port,
  env: {
    DATABASE_URL: databaseUrl(name),
    APP_URL: `http://localhost:${port}`,
    COUPONS: "LAUNCH20:20,SPRING10:10",
    ADMIN_USERNAME: "e2e-admin",
    ADMIN_PASSWORD: "e2e-admin-password-1",
    // The E2E suite submits more forms from one address than a visitor would; the limits have their own test.
    RATE_LIMIT_PER_CLIENT: "100000",
    RATE_LIMIT_PER_EMAIL: "100000",
    RATE_LIMIT_GLOBAL: "100000",
    // Both projects book dozens of demos on the first days within minutes, which the default pace (a quarter of a
    // day's seats in 24 hours) refuses as a flood; demo-booking-flood.spec.ts checks the refusal, with the pace's
    // count filled by held-back requests.
    DEMO_BOOKING_PACE_PERCENT: "100",
  },
});
console.log(`e2e app server on ${server.baseUrl}`);

async function shutdown() {
  await server.stop();
  await dropDatabase(name).catch(() => {});
  process.exit(0);
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
