import { json } from "@remix-run/node";
import { isDatabaseHealthy } from "~/utils/db.server";

export async function loader() {
  const healthy = await isDatabaseHealthy();
  return json(
    { status: healthy ? "ok" : "unavailable", database: healthy ? "up" : "down" },
    { status: healthy ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
