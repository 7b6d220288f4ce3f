import type { LoaderFunctionArgs } from "@remix-run/node";
import { calendarFeed } from "~/services/demo/agenda.server";
import { isLiveFeedKey } from "~/services/demo/calendar-feeds.server";

// Calendar subscription: the URL's key is the only credential, since calendar apps cannot sign in.
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  // ?host=<id> needs that host's own key, and an active host.
  const hostId = params.get("host") || null;
  if (!(await isLiveFeedKey({ hostId }, params.get("key")))) {
    // Not found, whether the key was never made, replaced, revoked or its host deactivated: it names no feed.
    return new Response("This calendar link is not valid. Ask an admin for the current one.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(await calendarFeed(hostId), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="demos.ics"',
      // Personal data: no shared cache may keep it.
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
