import { json, type LoaderFunctionArgs } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { PageIcon, PageStylesheet } from "~/components/document/document-head";
import { SamePageLinks } from "~/components/same-page-links";
import { Toaster } from "~/components/ui/toaster";
import { NotFound } from "~/components/not-found";
import { IconSprite } from "~/components/landing/icon-sprite";
import { getPublicEnv } from "~/utils/env.server";
import { getToast } from "~/utils/http/toast.server";
import { keepDataWhenUnanswered } from "~/utils/http/server-answer";
import { PAGE_SCRIPTS_MARKER_ID } from "~/utils/page-scripts-marker";

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, headers } = await getToast(request);
  return json(
    { site: getPublicEnv(), toast: toast ? { ...toast, id: crypto.randomUUID() } : undefined },
    // Only a consumed toast clears its cookie; otherwise every view would set one (and not be cacheable).
    toast ? { headers } : undefined,
  );
}

export const shouldRevalidate = keepDataWhenUnanswered;

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#125c3c" />
        <Meta />
        <PageStylesheet />
        <PageIcon />
        <Links />
      </head>
      <body className="bg-white font-sans text-slate-900 antialiased">
        <IconSprite />
        <a
          href="#main-content"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[200] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-brand-700 focus:shadow-lg"
        >
          Skip to content
        </a>
        {children}
        <SamePageLinks />
        {/* The CSP hashes only the scripts after this marker (security-headers). */}
        <template id={PAGE_SCRIPTS_MARKER_ID} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  return (
    <>
      <Outlet />
      <Toaster toast={toast} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <main id="main-content" className="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-4 px-6">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="text-slate-700">
        We could not load this page. Nothing you entered was lost on our side; please try again in a moment.
      </p>
      <p>
        <a href="/" className="font-semibold text-brand-700 underline">
          Back to the home page
        </a>
      </p>
    </main>
  );
}
