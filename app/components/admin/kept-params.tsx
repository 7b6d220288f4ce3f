// /admin holds three independent pieces of URL state; changing one must keep the others.

export function hrefKeeping(search: string, dropped: readonly string[], set: Record<string, string> = {}, hash = "") {
  const params = new URLSearchParams(search);
  for (const name of dropped) params.delete(name);
  for (const [name, value] of Object.entries(set)) params.set(name, value);
  const query = params.toString();
  return `${query ? `?${query}` : ""}${hash}`;
}

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

export const dashboardRangeParams = ["range", "from", "to"] as const;
export const leadSearchParams = ["q", "page"] as const;
