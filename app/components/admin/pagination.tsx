import { Link } from "@remix-run/react";
import { hrefKeeping } from "~/components/admin/kept-params";

export function Pagination({
  label,
  param,
  page,
  totalPages,
  search,
}: {
  label: string;
  param: string;
  page: number;
  totalPages: number;
  search: string;
}) {
  if (totalPages <= 1) return null;
  // "?" alone is the bare page: an empty `to` would be this very URL.
  const hrefFor = (target: number) =>
    hrefKeeping(search, [param], target > 1 ? { [param]: String(target) } : {}) || "?";
  const linkClass = "rounded-md border border-slate-300 px-3 py-1.5 font-medium text-slate-800 hover:bg-slate-100";
  return (
    <nav aria-label={label} className="mt-4 flex items-center gap-3 text-sm">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={linkClass} rel="prev">
          ← Newer
        </Link>
      ) : null}
      <span className="text-slate-600">
        Page {page} of {totalPages}
      </span>
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} className={linkClass} rel="next">
          Older →
        </Link>
      ) : null}
    </nav>
  );
}
