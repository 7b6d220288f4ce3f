import type { Notice } from "~/content/failure-notices";

/** Without JS the POST's response is the page, too early for a cookie toast; styled like the error toast. */
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
