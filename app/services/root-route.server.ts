// What the root route's loader needs from the server, through one module. The browser build replaces every
// `*.server` module (and @remix-run/node) with an empty stand-in; a stand-in imported by two routes becomes a script
// of its own (one more request on the first load), one imported by a single route stays inside that
// route's chunk. So root.tsx imports its server side from here only (checked by tests/e2e/lazy-loading.spec.ts).
export { json } from "@remix-run/node";
export { getPublicEnv } from "~/utils/env.server";
export { getToast } from "~/utils/toast.server";
