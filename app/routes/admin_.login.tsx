import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, type ClientActionFunctionArgs } from "@remix-run/react";
import { adminSignInFailure } from "~/content/failure-notices";
import { adminLoginSchema } from "~/schemas/admin-login";
import { adminHeaders, createAdminSession, getAdmin } from "~/services/admin/session.server";
import { assertSameOrigin, readForm, RequestRejected } from "~/utils/http/request.server";
import { askServer, isUnanswered, keepDataWhenUnanswered } from "~/utils/http/server-answer";
import { checkSignIn } from "~/services/admin/sign-in-limits.server";
import { safeRedirectPath } from "~/utils/http/redirect-path.server";

// Outside the admin layout, whose loader redirects anyone not signed in here.

export const meta: MetaFunction = () => [{ title: "Sign in · Admin" }, { name: "robots", content: "noindex" }];

export const headers: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers(adminHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

const INVALID = "Invalid username or password";

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  if (await getAdmin(request)) throw redirect(redirectTo, { headers: adminHeaders });
  return json({ redirectTo }, { headers: adminHeaders });
}

export async function action({ request }: ActionFunctionArgs) {
  try {
    assertSameOrigin(request);
    const form = await readForm(request);
    const parsed = adminLoginSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      return json({ error: parsed.error.issues[0]?.message ?? INVALID }, { status: 400, headers: adminHeaders });
    }
    const { username, password, redirectTo } = parsed.data;
    const admin = await checkSignIn(request, username, password);
    if (!admin) return json({ error: INVALID }, { status: 401, headers: adminHeaders });
    return await createAdminSession(admin, redirectTo);
  } catch (error) {
    if (!(error instanceof RequestRejected)) throw error;
    const retryAfter = error.headers["Retry-After"];
    const message =
      error.status === 429 ? `Too many sign-in attempts. Please try again in ${retryAfter} seconds.` : error.message;
    return json({ error: message }, { status: error.status, headers: { ...adminHeaders, ...error.headers } });
  }
}

/** No answer from the server shows in the form, username kept, not as an error page. */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const answer = await askServer(() => serverAction<typeof action>(), request.signal);
  return isUnanswered(answer) ? { ...answer, error: adminSignInFailure } : answer;
}

export const shouldRevalidate = keepDataWhenUnanswered;

export default function AdminLogin() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  return (
    <main id="main-content" className="flex min-h-screen items-center justify-center bg-slate-50 px-6">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Admin sign-in</h1>
        <p className="mt-1 text-sm text-slate-600">Sign in to see demo requests and orders.</p>
        <Form method="post" className="mt-6 space-y-4" aria-describedby={actionData?.error ? "login-error" : undefined}>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {actionData?.error ? (
            <p
              id="login-error"
              role="alert"
              className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              {actionData.error}
            </p>
          ) : null}
          <div>
            <label htmlFor="username" className="block text-sm font-medium text-slate-800">
              Username
            </label>
            <input
              id="username"
              name="username"
              type="text"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={64}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600"
            />
          </div>
          <div>
            <label htmlFor="password" className="block text-sm font-medium text-slate-800">
              Password
            </label>
            <input
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={1024}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600"
            />
          </div>
          <button
            type="submit"
            disabled={submitting}
            className="w-full rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 focus:outline-none focus:ring-2 focus:ring-brand-600 focus:ring-offset-2 disabled:opacity-70"
          >
            {submitting ? "Signing in…" : "Sign in"}
          </button>
        </Form>
      </div>
    </main>
  );
}
