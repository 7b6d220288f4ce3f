import { Form, useLocation } from "@remix-run/react";

const pages = [
  { href: "/admin", label: "Demo requests and orders" },
  { href: "/admin/hosts", label: "Demo hosts" },
  { href: "/admin/routing", label: "Demo routing" },
  { href: "/admin/webhooks", label: "Webhooks" },
  { href: "/admin/privacy", label: "A person's data" },
] as const;

export function AdminHeader({ username }: { username: string }) {
  const { pathname } = useLocation();
  // Deepest match, so /admin/webhooks/<id> counts as Webhooks.
  const current = pages.filter((page) => pathname === page.href || pathname.startsWith(`${page.href}/`)).at(-1)?.href;
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-6 py-4">
        <p className="text-lg font-bold text-brand-700">Groundwork admin</p>
        <nav aria-label="Admin" className="flex flex-wrap items-center gap-4 text-sm">
          {pages.map((page) => (
            <a
              key={page.href}
              href={page.href}
              aria-current={page.href === current ? "page" : undefined}
              className={
                page.href === current ? "font-semibold text-slate-900" : "font-medium text-brand-700 underline"
              }
            >
              {page.label}
            </a>
          ))}
          <span className="text-slate-600">
            Signed in as <strong className="text-slate-900">{username}</strong>
          </span>
          <Form method="post" action="/admin/logout">
            <button
              type="submit"
              className="rounded-md border border-slate-300 px-3 py-1.5 font-medium text-slate-800 hover:bg-slate-100"
            >
              Sign out
            </button>
          </Form>
        </nav>
      </div>
    </header>
  );
}
