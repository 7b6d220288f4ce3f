import type { MetaFunction } from "@remix-run/node";
import { NotFound } from "~/components/not-found";

export const meta: MetaFunction = () => [{ title: "404 Page Not Found" }, { name: "robots", content: "noindex" }];

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

// Rendered by the root ErrorBoundary via the thrown 404; kept so the module is a valid page route.
export default function CatchAll() {
  return <NotFound />;
}
