// `npm run db:migrate`: applies the SQL migrations in drizzle/ and exits. With PGlite, stop the server
// first: one data directory can be opened by one process only.
process.env.OUTBOX_WORKER = "off";
const build = await import("../build/server/index.js");
await build.entry.module.shutdown();
console.log("Migrations applied.");
