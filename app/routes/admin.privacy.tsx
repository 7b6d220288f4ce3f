import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/admin/alert";
import { formatTimestamp } from "~/components/admin/format";
import { formatCents } from "~/content/plans";
import { requireAdmin } from "~/services/admin/session.server";
import { privacyAction, privacyPage } from "~/services/privacy/person.server";

export const meta: MetaFunction = () => [{ title: "A person's data · Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return privacyPage(new URL(request.url));
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return privacyAction(request, admin);
}

const erasureColumns = [
  ["When", "erasedAt"],
  ["By", "erasedBy"],
  ["Leads", "leads"],
  ["Bookings", "bookings"],
  ["Orders erased", "ordersErased"],
  ["Orders kept", "ordersKept"],
  ["Messages", "messages"],
] as const;

export default function AdminPrivacy() {
  const { lookup, erasures } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const email = answer?.email ?? (lookup.state === "none" ? "" : lookup.email);
  const found = lookup.state === "found" ? lookup.export : undefined;
  const held = found ? found.leads.length + found.orders.length + found.messages + found.webhookAttempts : 0;
  return (
    <main id="main-content" className="mx-auto max-w-5xl space-y-10 px-6 py-8">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">A person&apos;s data</h1>
        <p className="mt-1 text-sm text-slate-600">
          When someone asks for a copy of what we hold about them, or asks us to delete it (see the Privacy Policy),
          find it here by the e-mail address they used, download it as JSON, or erase it.
        </p>
      </div>

      <Form method="get" action="/admin/privacy" className="space-y-2">
        <label htmlFor="person-email" className="block text-sm font-medium text-slate-900">
          E-mail address
        </label>
        <input
          id="person-email"
          name="email"
          type="email"
          required
          defaultValue={email}
          className="mt-1 block w-full max-w-md rounded-md border border-slate-300 px-3 py-2 text-sm"
          aria-invalid={lookup.state === "invalid" || undefined}
          aria-describedby={lookup.state === "invalid" ? "person-email-error" : undefined}
        />
        {lookup.state === "invalid" ? (
          <p id="person-email-error" className="text-sm text-red-700">
            {lookup.error}
          </p>
        ) : null}
        <button
          type="submit"
          className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Find
        </button>
      </Form>

      {found ? (
        <section aria-labelledby="held-heading" className="space-y-4">
          <h2 id="held-heading" className="text-xl font-bold text-slate-900">
            What we hold about {found.email}
          </h2>
          {held === 0 ? (
            <p className="text-sm text-slate-700">Nothing: no lead, order, message or webhook names this address.</p>
          ) : (
            <>
              <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
                {found.leads.map((lead) => (
                  <li key={lead.id}>
                    Lead from {formatTimestamp(lead.createdAt)}: {lead.firstName} {lead.lastName}, {lead.company},{" "}
                    {lead.phone}
                    {lead.bookings.length
                      ? ` (${lead.bookings.length === 1 ? "1 booking" : `${lead.bookings.length} bookings`})`
                      : ""}
                    {lead.consentVersion ? `; agreed to small print ${lead.consentVersion}` : ""}
                  </li>
                ))}
                {found.orders.map((order) => (
                  <li key={order.id}>
                    Order from {formatTimestamp(order.createdAt)}: {order.status}, {formatCents(order.totalCents)}{" "}
                    {order.currency.toUpperCase()}
                    {order.keptUntil
                      ? ` (a payment record: kept as the law requires until ${order.keptUntil.slice(0, 10)}, not erased)`
                      : ""}
                  </li>
                ))}
                {found.messages ? (
                  <li>
                    {found.messages === 1 ? "1 queued or sent message" : `${found.messages} queued or sent messages`}{" "}
                    (e-mails and webhooks) about these
                    {found.webhookAttempts ? `, with ${found.webhookAttempts} webhook attempts` : ""}
                  </li>
                ) : null}
              </ul>
              <p>
                <a
                  href={`/admin/privacy.json?email=${encodeURIComponent(found.email)}`}
                  download
                  className="text-sm font-semibold text-brand-700 underline"
                >
                  Download everything as JSON
                </a>
              </p>
              <Form
                method="post"
                action={`/admin/privacy?email=${encodeURIComponent(found.email)}`}
                className="space-y-3 rounded-lg border border-red-200 bg-white p-5"
              >
                <h3 className="text-lg font-semibold text-slate-900">Erase</h3>
                <p className="text-sm text-slate-700">
                  Deletes the leads, their bookings, unpaid orders, and every e-mail and webhook about them. Paid orders
                  stay until their retention ends. Webhook endpoints are sent <code>lead.erased</code> so the CRM can
                  erase its copy. The funnel&apos;s counts, which name no one, stay.
                </p>
                {answer?.errors.email ? <Alert title="Not erased">{answer.errors.email}</Alert> : null}
                <input type="hidden" name="intent" value="erase" />
                <input type="hidden" name="email" value={found.email} />
                <div className="flex items-start gap-2">
                  <input
                    id="erase-confirm"
                    name="confirm"
                    type="checkbox"
                    value="yes"
                    className="mt-1"
                    aria-invalid={answer?.errors.confirm ? true : undefined}
                    aria-describedby={answer?.errors.confirm ? "erase-confirm-error" : undefined}
                  />
                  <label htmlFor="erase-confirm" className="text-sm text-slate-900">
                    I confirm that {found.email} asked for this, and that it cannot be undone
                  </label>
                </div>
                {answer?.errors.confirm ? (
                  <p id="erase-confirm-error" className="text-sm text-red-700">
                    {answer.errors.confirm}
                  </p>
                ) : null}
                <button
                  type="submit"
                  className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
                >
                  Erase everything about {found.email}
                </button>
              </Form>
            </>
          )}
        </section>
      ) : null}

      <section aria-labelledby="erasures-heading">
        <h2 id="erasures-heading" className="text-xl font-bold text-slate-900">
          Erasures
        </h2>
        <p className="mt-1 text-sm text-slate-600">Who erased how much, and when; never whose data it was.</p>
        {erasures.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">None yet.</p>
        ) : (
          <table className="mt-3 w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                {erasureColumns.map(([header]) => (
                  <th key={header} scope="col" className="py-2 pr-4">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {erasures.map((erasure) => (
                <tr key={erasure.id} className="border-b border-slate-100" data-testid="erasure">
                  {erasureColumns.map(([header, key]) => (
                    <td key={header} className="py-2 pr-4">
                      {key === "erasedAt" ? formatTimestamp(erasure.erasedAt) : erasure[key]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </main>
  );
}
