import type { ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";

type RouteNode = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children: RouteNode[] };

function routeTree(routes: ServerBuild["routes"]): RouteNode[] {
  const nodes = new Map<string, RouteNode>();
  for (const { id, path, index, caseSensitive } of Object.values(routes)) {
    nodes.set(id, { id, path, index, caseSensitive, children: [] });
  }
  const roots: RouteNode[] = [];
  for (const route of Object.values(routes)) {
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : roots).push(nodes.get(route.id)!);
  }
  return roots;
}

export type RoutePatterns = (pathname: string) => string;

/** By route (`/demo/manage/:token`), never by URL: bounded, and free of the ids and tokens paths carry. */
export function routePatterns(build: Pick<ServerBuild, "routes" | "assets">): RoutePatterns {
  const tree = routeTree(build.routes);
  // The build's scripts and styles share the entry's folder (`/assets/`).
  const entry = build.assets.entry.module;
  const assetsPath = entry.slice(0, entry.lastIndexOf("/") + 1);
  // matchRoutes ranks every route on each call; most requests are for a few paths, so their answers are kept.
  const known = new Map<string, string>();
  return (pathname) => {
    if (pathname.startsWith(assetsPath)) return `${assetsPath}*`;
    let pattern = known.get(pathname);
    if (pattern === undefined) {
      // Single fetch asks for a page's data at `/_root.data` or `<path>.data`: counted as that page.
      const pagePath = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
      const matches = matchRoutes(tree as Parameters<typeof matchRoutes>[0], pagePath) ?? [];
      pattern = `/${matches
        .map((match) => match.route.path)
        .filter(Boolean)
        .join("/")}`;
      if (known.size >= KNOWN_PATHS) known.clear();
      known.set(pathname, pattern);
    }
    return pattern;
  };
}

/** Bounded: paths made up by a crawler or an attacker only clear it. */
const KNOWN_PATHS = 1_000;

/** This module is bundled into the build remix-serve imported, so `import.meta.url` is that build, routes and all. */
export async function loadRoutePatterns(): Promise<RoutePatterns | undefined> {
  const build = (await import(/* webpackIgnore: true */ import.meta.url)) as Partial<ServerBuild>;
  return build.routes && build.assets ? routePatterns(build as ServerBuild) : undefined;
}
