// /admin is one page with three independent pieces of URL state: the dashboard's range (range, or from and to),
// the demo-request search (q, page) and the orders' page (ordersPage). A form or link that changes one keeps the
// others, so choosing a range does not lose the search, and a search does not reset the range.

/** The current query without `dropped`, with `set` applied, as `?…` (empty when nothing is left), then `hash`. */
export function hrefKeeping(search: string, dropped: readonly string[], set: Record<string, string> = {}, hash = "") {
  const params = new URLSearchParams(search);
  for (const name of dropped) params.delete(name);
  for (const [name, value] of Object.entries(set)) params.set(name, value);
  const query = params.toString();
  return `${query ? `?${query}` : ""}${hash}`;
}

/** Hidden inputs that carry the current query, less `dropped`, through a GET form. */
export function KeptParams({ search, dropped }: { search: string; dropped: readonly string[] }) {
  const params = [...new URLSearchParams(search)].filter(([name]) => !dropped.includes(name));
  return (
    <>
      {params.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** The parameters each piece of /admin owns. */
export const dashboardRangeParams = ["range", "from", "to"] as const;
export const leadSearchParams = ["q", "page"] as const;
