import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AdminHeader } from "~/components/admin/admin-header";
import { adminHeaders, requireAdmin } from "~/services/admin/session.server";

// Remix runs this loader alongside the page's, not before it, so every loader and action below must still call
// requireAdmin itself.

// Child pages export no `headers`, so their documents get these.
export const headers: HeadersFunction = () => adminHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return json({ username: admin.username }, { headers: adminHeaders });
}

export default function AdminLayout() {
  const { username } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen bg-slate-50">
      <AdminHeader username={username} />
      <Outlet />
    </div>
  );
}
