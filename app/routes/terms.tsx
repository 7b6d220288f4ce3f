import { json, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/components/legal/legal-page";
import { legalPageData } from "~/services/legal-page.server";

export const loader = () => json(legalPageData("terms"));

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [];

export default function TermsOfService() {
  return <LegalPage {...useLoaderData<typeof loader>()} />;
}
