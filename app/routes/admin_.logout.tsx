import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { adminHeaders, answerRejected, destroyAdminSession } from "~/services/admin/session.server";
import { assertSameOrigin } from "~/utils/http/request.server";

// Outside the admin layout so it answers with or without a valid session. POST only: a GET (a prefetch) must
// sign nobody out.
export function loader() {
  return redirect("/admin", { headers: adminHeaders });
}

export async function action({ request }: ActionFunctionArgs) {
  try {
    assertSameOrigin(request);
  } catch (error) {
    return answerRejected(error);
  }
  return destroyAdminSession(request);
}
