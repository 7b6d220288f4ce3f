import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ManageBooking } from "~/components/demo/manage-booking";
import { handleManageAction, loadManagePage, managePageHeaders } from "~/services/demo/manage.server";

export const meta: MetaFunction = () => [
  { title: "Your demo booking" },
  { name: "robots", content: "noindex, nofollow" },
  // The URL is the secret: never pass it on (managePageHeaders says why not no-referrer).
  { name: "referrer", content: "same-origin" },
];

// Always private, uncached and Referer-free, whatever the loader or action answered.
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers(managePageHeaders);
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadManagePage(request, params.token);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return handleManageAction(request, params.token);
}

export default function ManageDemoBooking() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <ManageBooking page={page} error={answer?.error} fieldError={answer?.fieldError} />;
}
