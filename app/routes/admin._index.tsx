import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { formatTimestamp } from "~/components/admin/format";
import { Pagination } from "~/components/admin/pagination";
import { VisibleText } from "~/components/admin/visible-text";
import { formatCents, getPlan } from "~/content/plans";
import { listDemoRequests, listOrders, normalizeSearch, parsePage } from "~/models/lead.server";
import { toStoredDemoRequest } from "~/models/demo-request.server";
import { adminHeaders, requireAdmin } from "~/utils/admin-session.server";

export const meta: MetaFunction = () => [
  { title: "Demo requests and orders · Admin" },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => adminHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const url = new URL(request.url);
  const query = normalizeSearch(url.searchParams.get("q"));
  const [leads, orders] = await Promise.all([
    listDemoRequests({ query, page: parsePage(url.searchParams.get("page")) }),
    listOrders({ page: parsePage(url.searchParams.get("ordersPage")) }),
  ]);
  return json(
    {
      admin: { username: admin.username },
      query,
      leads: { ...leads, items: leads.items.map(toStoredDemoRequest) },
      orders: {
        ...orders,
        items: orders.items.map((order) => ({
          id: order.id,
          status: order.status,
          plans: order.planIds.map((id) => getPlan(id)?.name ?? id).join(", "),
          billingPeriod: order.billingPeriod,
          totalCents: order.totalCents,
          discountCents: order.discountCents,
          couponCode: order.couponCode,
          currency: order.currency,
          companyName: order.companyName,
          fullName: order.fullName,
          email: order.email,
          createdAt: order.createdAt.toISOString(),
        })),
      },
    },
    { headers: adminHeaders },
  );
}

const statusClasses: Record<string, string> = {
  paid: "bg-green-100 text-green-900",
  pending: "bg-amber-100 text-amber-900",
  expired: "bg-slate-200 text-slate-800",
  canceled: "bg-red-100 text-red-900",
};

const th = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";
const td = "px-3 py-2 align-top text-sm text-slate-800";

export default function AdminIndex() {
  const { admin, query, leads, orders } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-6 py-4">
          <p className="text-lg font-bold text-brand-700">Groundwork admin</p>
          <div className="flex items-center gap-4 text-sm">
            <span className="text-slate-600">
              Signed in as <strong className="text-slate-900">{admin.username}</strong>
            </span>
            <Form method="post" action="/admin/logout">
              <button
                type="submit"
                className="rounded-md border border-slate-300 px-3 py-1.5 font-medium text-slate-800 hover:bg-slate-100"
              >
                Sign out
              </button>
            </Form>
          </div>
        </div>
      </header>

      <main id="main-content" className="mx-auto max-w-7xl space-y-10 px-6 py-8">
        <section aria-labelledby="demo-requests-heading">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <h1 id="demo-requests-heading" className="text-2xl font-bold text-slate-900">
                Demo requests
              </h1>
              <p className="mt-1 text-sm text-slate-600">
                {query ? `${leads.total} matching “${query}”` : `${leads.total} in total, newest first`}
              </p>
            </div>
            <a
              href="/admin/demo-requests.csv"
              download
              className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900"
            >
              Download CSV
            </a>
          </div>

          <Form method="get" role="search" className="mt-4 flex flex-wrap items-center gap-2">
            <label htmlFor="q" className="sr-only">
              Search demo requests by name, e-mail or company
            </label>
            <input
              id="q"
              name="q"
              type="search"
              defaultValue={query}
              key={query}
              maxLength={200}
              placeholder="Name, e-mail or company"
              className="w-72 rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600"
            />
            <button
              type="submit"
              className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
            >
              Search
            </button>
            {query ? (
              <a href="/admin" className="text-sm font-medium text-brand-700 underline">
                Clear search
              </a>
            ) : null}
          </Form>

          <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full divide-y divide-slate-200" aria-describedby="demo-requests-heading">
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className={th}>
                    Received
                  </th>
                  <th scope="col" className={th}>
                    Name
                  </th>
                  <th scope="col" className={th}>
                    E-mail
                  </th>
                  <th scope="col" className={th}>
                    Phone
                  </th>
                  <th scope="col" className={th}>
                    Company
                  </th>
                  <th scope="col" className={th}>
                    Deals
                  </th>
                  <th scope="col" className={th}>
                    Challenges
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {leads.items.length === 0 ? (
                  <tr>
                    <td colSpan={7} className={`${td} py-6 text-center text-slate-600`}>
                      {query ? "No demo requests match this search." : "No demo requests yet."}
                    </td>
                  </tr>
                ) : (
                  leads.items.map((lead) => (
                    <tr key={lead.id}>
                      <td className={`${td} whitespace-nowrap`}>
                        <time dateTime={lead.createdAt}>{formatTimestamp(lead.createdAt)}</time>
                      </td>
                      <td className={td}>
                        <VisibleText text={lead.firstName} /> <VisibleText text={lead.lastName} />
                      </td>
                      <td className={td}>
                        <a href={`mailto:${lead.email}`} className="text-brand-700 underline">
                          <VisibleText text={lead.email} />
                        </a>
                      </td>
                      <td className={`${td} whitespace-nowrap`}>
                        <VisibleText text={lead.phone} />
                      </td>
                      <td className={td}>
                        <VisibleText text={lead.company} />
                      </td>
                      <td className={`${td} whitespace-nowrap`}>{lead.dealVolume ?? "—"}</td>
                      <td className={`${td} max-w-md whitespace-pre-line`}>
                        {lead.challenges ? <VisibleText text={lead.challenges} multiline /> : "—"}
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          <Pagination
            label="Demo request pages"
            param="page"
            page={leads.page}
            totalPages={leads.totalPages}
            search={search}
          />
        </section>

        <section aria-labelledby="orders-heading">
          <h2 id="orders-heading" className="text-2xl font-bold text-slate-900">
            Orders
          </h2>
          <p className="mt-1 text-sm text-slate-600">{orders.total} in total, newest first</p>
          <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full divide-y divide-slate-200">
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className={th}>
                    Created
                  </th>
                  <th scope="col" className={th}>
                    Status
                  </th>
                  <th scope="col" className={th}>
                    Amount
                  </th>
                  <th scope="col" className={th}>
                    Plans
                  </th>
                  <th scope="col" className={th}>
                    Customer
                  </th>
                  <th scope="col" className={th}>
                    Company
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {orders.items.length === 0 ? (
                  <tr>
                    <td colSpan={6} className={`${td} py-6 text-center text-slate-600`}>
                      No orders yet.
                    </td>
                  </tr>
                ) : (
                  orders.items.map((order) => (
                    <tr key={order.id}>
                      <td className={`${td} whitespace-nowrap`}>
                        <time dateTime={order.createdAt}>{formatTimestamp(order.createdAt)}</time>
                      </td>
                      <td className={td}>
                        <span
                          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusClasses[order.status] ?? ""}`}
                        >
                          {order.status}
                        </span>
                      </td>
                      <td className={`${td} whitespace-nowrap`}>
                        {formatCents(order.totalCents)} {order.currency.toUpperCase()}
                        <span className="block text-xs text-slate-600">
                          {order.billingPeriod === "annual" ? "per year" : "per month"}
                          {order.couponCode ? ` · ${order.couponCode} −${formatCents(order.discountCents)}` : ""}
                        </span>
                      </td>
                      <td className={td}>{order.plans}</td>
                      <td className={td}>
                        <VisibleText text={order.fullName} />
                        <span className="block text-xs text-slate-600">
                          <VisibleText text={order.email} />
                        </span>
                      </td>
                      <td className={td}>
                        <VisibleText text={order.companyName} />
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          <Pagination
            label="Order pages"
            param="ordersPage"
            page={orders.page}
            totalPages={orders.totalPages}
            search={search}
          />
        </section>
      </main>
    </div>
  );
}
