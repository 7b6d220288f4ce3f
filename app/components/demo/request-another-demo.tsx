/** A plain POST, so it works without JS; the action clears the thank-you and shows a fresh form. */
export function RequestAnotherDemo({ resetAction }: { resetAction: string }) {
  return (
    <form method="post" action={resetAction} className="mt-6">
      <input type="hidden" name="intent" value="demo-request-reset" />
      <button type="submit" className="text-sm font-semibold text-brand-700 underline hover:text-brand-900">
        Request another demo
      </button>
    </form>
  );
}
