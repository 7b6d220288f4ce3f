import { Form } from "@remix-run/react";
import { dangerButton, secondaryButton } from "~/components/admin/form-fields";

type Props = {
  id: string;
  label: string;
  /** The team's feed when null. */
  hostId: string | null;
  /** Where the forms post: the current page when unset. */
  action?: string;
  /** When the current link was made (ISO), or null when the feed has none. */
  since: string | null;
  /** The link just made: shown once, since only its hash is kept. */
  newUrl: string | undefined;
  /** Why no link can be made now (an inactive host), if so. */
  off?: string;
};

/** A calendar feed's link: made, replaced and turned off with plain forms. */
export function FeedLink({ id, label, hostId, action, since, newUrl, off }: Props) {
  const helpId = `${id}-help`;
  return (
    <div>
      {newUrl ? (
        <>
          <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
            {label}
          </label>
          <p id={helpId} className="mt-1 text-sm text-slate-700">
            Copy it now: it is shown only this once. Any earlier link no longer works.
          </p>
          <input
            id={id}
            type="text"
            readOnly
            value={newUrl}
            aria-describedby={helpId}
            className="mt-2 w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-800"
          />
        </>
      ) : (
        <p className="text-sm text-slate-700" data-testid="feed-link-state">
          <span className="font-semibold text-slate-900">{label}: </span>
          {off ??
            (since
              ? `on since ${since.slice(0, 10)}. The link is shown only when made: if it is lost, make a new one.`
              : "off (no link).")}
        </p>
      )}
      {off ? null : (
        <div className="mt-2 flex flex-wrap gap-2">
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value="feed-new-link" />
            {hostId ? <input type="hidden" name="hostId" value={hostId} /> : null}
            <button type="submit" className={secondaryButton}>
              {since ? "Make a new link (the old one stops working)" : "Make a link"}
            </button>
          </Form>
          {since ? (
            <Form method="post" action={action}>
              <input type="hidden" name="intent" value="feed-revoke" />
              {hostId ? <input type="hidden" name="hostId" value={hostId} /> : null}
              <button type="submit" className={dangerButton}>
                Turn the link off
              </button>
            </Form>
          ) : null}
        </div>
      )}
    </div>
  );
}
