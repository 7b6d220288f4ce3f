import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/admin/alert";
import { BookingFlood } from "~/components/admin/demos/booking-flood";
import { HostForm } from "~/components/admin/demos/host-form";
import { HostsList } from "~/components/admin/demos/hosts-list";
import { requireAdmin } from "~/services/admin/session.server";
import { hostsAction, hostsPage } from "~/services/demo/host-admin.server";

export const meta: MetaFunction = () => [{ title: "Demo hosts · Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return hostsPage(new URL(request.url));
}

export async function action({ request }: ActionFunctionArgs) {
  return hostsAction(request, await requireAdmin(request));
}

export default function AdminHosts() {
  const { hosts, zones, newHost, editId, editNotFound, flood } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const newHostAnswer = answer?.form === "host" && !answer.hostId ? answer : undefined;
  // A refused edit keeps its form open even if the URL did not name the host.
  const editing = answer?.form === "host" && answer.hostId ? answer.hostId : editId;
  const notFound = editNotFound || answer?.form === "not-found";
  return (
    <main id="main-content" className="mx-auto max-w-5xl space-y-10 px-6 py-8">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Demo hosts</h1>
        <p className="mt-1 text-sm text-slate-600">
          The people who run demos. Each demo is booked with a host who is active and works the whole slot in their own
          time zone, outside their time off.
        </p>
      </div>

      {flood ? <BookingFlood flood={flood} /> : null}

      {notFound ? (
        <Alert title="Host not found">
          No host has that id: the link may be mistyped. Hosts are never deleted, so pick one from the list below.
        </Alert>
      ) : null}

      <section aria-labelledby="hosts-heading">
        <h2 id="hosts-heading" className="text-xl font-bold text-slate-900">
          Hosts
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {hosts.length === 1 ? "1 host" : `${hosts.length} hosts`}, in the order they were added
        </p>
        <HostsList hosts={hosts} zones={zones} editId={editing} answer={answer} />
      </section>

      <section id="add-host" aria-labelledby="add-host-heading">
        <h2 id="add-host-heading" className="text-xl font-bold text-slate-900">
          Add a host
        </h2>
        <div className="mt-4 rounded-lg border border-slate-200 bg-white p-5">
          {/* Keyed on the count (hosts are never deleted) to reset after an add; see the time-off forms. */}
          <HostForm
            key={hosts.length}
            zones={zones}
            values={newHostAnswer?.values ?? newHost}
            errors={newHostAnswer?.errors ?? {}}
          />
        </div>
      </section>
    </main>
  );
}
