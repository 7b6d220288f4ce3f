// The 404 page's body for the root error boundary: plain text and a link, so a 404 page the server rendered is never
// hydrated and its code is not part of any first load; a client-side navigation to an unknown address loads it.
import { staticIsland } from "./lazy-hydration";
import * as server from "~/deferred/server-only.server";

export const StaticNotFound = staticIsland(server.NotFound, () =>
  import("~/components/not-found").then((module) => module.NotFound),
);
