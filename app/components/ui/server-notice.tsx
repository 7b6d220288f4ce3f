import type { Notice } from "~/content/failure-notices";

/**
 * A destructive notice rendered with the page, for an answer the page itself shows: without JavaScript the browser
 * renders the POST's response, which is too early for a cookie toast (that one would show on the next page).
 * Styled as the toaster's error toast, at the same place.
 */
export function ServerNotice({ notice }: { notice: Notice }) {
  return (
    <div role="alert" className="fixed bottom-4 right-4 z-[100] w-[min(24rem,calc(100vw-2rem))]">
      <div data-toast-type="error" className="rounded-lg border border-red-700 bg-red-700 p-4 text-white shadow-lg">
        <p className="text-sm font-semibold">{notice.message}</p>
        <p className="mt-1 text-sm opacity-90">{notice.description}</p>
      </div>
    </div>
  );
}
