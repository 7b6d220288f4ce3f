import type { NewWebhookSecret } from "~/schemas/webhook-endpoint";
import { formatTimestamp } from "~/components/admin/format";

/** Shown this once; the server has already forgotten it. Read-only, so it can be copied without JS. */
export function WebhookNewSecret({ newSecret }: { newSecret: NewWebhookSecret }) {
  return (
    <section
      id="new-secret"
      aria-labelledby="new-secret-heading"
      className="rounded-lg border border-amber-300 bg-amber-50 p-5 text-sm text-slate-900"
      data-testid="new-secret"
    >
      <h2 id="new-secret-heading" className="text-base font-semibold">
        {newSecret.reason === "rotated" ? "The new signing secret" : "The endpoint’s signing secret"}
      </h2>
      <label htmlFor="new-secret-value" className="mt-2 block font-medium">
        Signing secret
      </label>
      <input
        id="new-secret-value"
        type="text"
        readOnly
        value={newSecret.secret}
        aria-describedby="new-secret-hint"
        className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs text-slate-900"
      />
      <p id="new-secret-hint" className="mt-2 font-semibold">
        Copy it now: it will not be shown again.
      </p>
      <p className="mt-1 text-slate-700">
        The receiver verifies each request’s <code>webhook-signature</code> header with it (any Standard Webhooks
        library does). If it is lost, rotate the secret to get a new one.
      </p>
      {newSecret.reason === "rotated" ? (
        <p className="mt-1 text-slate-700">
          The previous secret keeps being signed with for 24 hours
          {newSecret.previousValidUntil ? (
            <>
              , until{" "}
              <time dateTime={newSecret.previousValidUntil}>{formatTimestamp(newSecret.previousValidUntil)}</time>
            </>
          ) : null}
          : every request carries a signature made with each secret, so the receiver can switch to the new one in that
          time without missing an event.
        </p>
      ) : null}
    </section>
  );
}
