import type { LoaderFunctionArgs } from "@remix-run/node";
import { calendarFeed, isCalendarFeedKey } from "~/services/demo/agenda.server";

// Calendar subscription: the URL's key is the only credential, since calendar apps cannot sign in.
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const key = params.get("key");
  // ?host=<id> needs a key signed for that host alone.
  const host = params.get("host");
  if (!isCalendarFeedKey(key, host)) {
    return new Response("This calendar link is not valid. Copy the current one from the admin page.", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(await calendarFeed(host), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="demos.ics"',
      // Personal data: no shared cache may keep it.
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
