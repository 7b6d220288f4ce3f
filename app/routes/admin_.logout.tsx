import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { adminHeaders, destroyAdminSession } from "~/services/admin/session.server";
import { assertSameOrigin, RequestRejected } from "~/utils/request.server";

// Outside the admin layout (`admin_`), like the sign-in page: it answers whether or not the session is still valid.
// Signing out changes state, so it is a POST; a GET (a link, a prefetch) signs nobody out.
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
