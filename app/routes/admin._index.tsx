import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Dashboard } from "~/components/admin/dashboard/dashboard";
import { DemoRequestsTable, type AdminDemoRequest } from "~/components/admin/demo-requests-table";
import { OrdersTable, type OrderRow } from "~/components/admin/orders-table";
import { PaymentsWithoutOrder } from "~/components/admin/payments-without-order";
import { hrefKeeping, KeptParams, leadSearchParams } from "~/components/admin/kept-params";
import { Pagination } from "~/components/admin/pagination";
import { PastDemos } from "~/components/admin/demos/past-demos";
import { UpcomingDemos } from "~/components/admin/demos/upcoming-demos";
import { BookingFlood } from "~/components/admin/demos/booking-flood";
import { getPlan } from "~/content/plans";
import { listDemoRequests, toStoredDemoRequest } from "~/models/demo/request.server";
import { listOrders, listPaymentsWithoutOrder } from "~/models/checkout/order.server";
import { normalizeSearch, parsePage } from "~/models/pagination.server";
import { adminHeaders, requireAdmin } from "~/services/admin/session.server";
import { dashboardRange, loadDashboard } from "~/services/admin/dashboard.server";
import { pastDemosPage } from "~/services/demo/outcomes.server";
import { handleAdminDemoAction } from "~/services/admin/demo-actions.server";
import { storedAttribution } from "~/services/insight/attribution.server";
import { upcomingAgenda } from "~/services/demo/agenda.server";
import { bookingFloodNotice } from "~/services/demo/flood.server";
import { feedLinkDates, feedName } from "~/services/demo/calendar-feeds.server";
import { pick } from "~/utils/pick";

/** What the orders table shows of an order as stored. */
const orderColumns = [
  "id",
  "status",
  "livemode",
  "billingPeriod",
  "totalCents",
  "discountCents",
  "couponCode",
  "currency",
  "companyName",
  "fullName",
  "email",
] as const;

export const meta: MetaFunction = () => [
  { title: "Demo requests and orders · Admin" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const query = normalizeSearch(url.searchParams.get("q"));
  const [leads, orders, agenda, dashboard, pastDemos, feeds, unmatched, flood] = await Promise.all([
    listDemoRequests({ query, page: parsePage(url.searchParams.get("page")) }),
    listOrders({ page: parsePage(url.searchParams.get("ordersPage")) }),
    upcomingAgenda(),
    loadDashboard(url.searchParams),
    pastDemosPage(dashboardRange(url.searchParams).range, parsePage(url.searchParams.get("pastPage"))),
    feedLinkDates(),
    listPaymentsWithoutOrder(),
    bookingFloodNotice(),
  ]);
  return json(
    {
      query,
      flood,
      agenda,
      dashboard,
      pastDemos,
      feedSince: feeds[feedName({ hostId: null })] ?? null,
      leads: {
        ...leads,
        items: leads.items.map((lead): AdminDemoRequest => ({
          ...toStoredDemoRequest(lead),
          attribution: storedAttribution(lead),
          consent: lead.consentVersion ? { version: lead.consentVersion, page: lead.consentPage } : null,
          suspectedSpam: lead.suspectedSpam,
        })),
      },
      orders: {
        ...orders,
        items: orders.items.map((order): OrderRow => ({
          ...pick(order, orderColumns),
          plans: order.planIds.map((id) => getPlan(id)?.name ?? id).join(", "),
          createdAt: order.createdAt.toISOString(),
          attribution: storedAttribution(order),
        })),
      },
      paymentsWithoutOrder: unmatched.map((payment) => ({
        ...pick(payment, ["id", "providerSessionId", "orderRef", "reason", "amountTotalCents", "currency", "livemode"]),
        receivedAt: payment.createdAt.toISOString(),
      })),
    },
    { headers: adminHeaders },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  return handleAdminDemoAction(request, await requireAdmin(request));
}

export default function AdminIndex() {
  const { query, flood, agenda, dashboard, pastDemos, feedSince, leads, orders, paymentsWithoutOrder } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { search } = useLocation();
  return (
    <main id="main-content" className="mx-auto max-w-7xl space-y-10 px-6 py-8">
      <Dashboard data={dashboard} search={search} />

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
          <KeptParams search={search} dropped={leadSearchParams} />
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
            <a
              href={`/admin${hrefKeeping(search, leadSearchParams)}`}
              className="text-sm font-medium text-brand-700 underline"
            >
              Clear search
            </a>
          ) : null}
        </Form>

        <DemoRequestsTable rows={leads.items} searched={Boolean(query)} />
        <Pagination
          label="Demo request pages"
          param="page"
          page={leads.page}
          totalPages={leads.totalPages}
          search={search}
        />
      </section>

      {flood ? <BookingFlood flood={flood} /> : null}

      <UpcomingDemos
        agenda={agenda}
        feedSince={feedSince}
        newFeedUrl={answer && "feedUrl" in answer ? answer.feedUrl : undefined}
      />

      <PastDemos data={pastDemos} search={search} />

      <section aria-labelledby="orders-heading">
        <h2 id="orders-heading" className="text-2xl font-bold text-slate-900">
          Orders
        </h2>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <p className="mt-1 text-sm text-slate-600">{orders.total} in total, newest first</p>
          <a
            href="/admin/orders.csv"
            download
            className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900"
          >
            Download orders CSV
          </a>
        </div>
        <PaymentsWithoutOrder payments={paymentsWithoutOrder} />
        <OrdersTable rows={orders.items} />
        <Pagination
          label="Order pages"
          param="ordersPage"
          page={orders.page}
          totalPages={orders.totalPages}
          search={search}
        />
      </section>
    </main>
  );
}
