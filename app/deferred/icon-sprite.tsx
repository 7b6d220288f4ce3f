import { staticIsland } from "./lazy-hydration";
import * as server from "~/deferred/server-only.server";

/** The icons' shapes (see ../components/landing/icon-sprite): rendered by the server at the top of every document. */
export const StaticIconSprite = staticIsland(server.IconSprite, () =>
  import("~/components/landing/icon-sprite").then((module) => module.IconSprite),
);
