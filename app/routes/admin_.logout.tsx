import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { adminHeaders, destroyAdminSession } from "~/services/admin/session.server";
import { assertSameOrigin, RequestRejected } from "~/utils/http/request.server";

// Outside the admin layout so it answers with or without a valid session. POST only: a GET (a prefetch) must
// sign nobody out.
export function loader() {
  return redirect("/admin", { headers: adminHeaders });
}

export async function action({ request }: ActionFunctionArgs) {
  try {
    assertSameOrigin(request);
  } catch (error) {
    if (error instanceof RequestRejected)
      return new Response(error.message, { status: error.status, headers: adminHeaders });
    throw error;
  }
  return destroyAdminSession(request);
}
