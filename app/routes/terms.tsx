import { LegalPage, legalPageMeta } from "~/components/legal/legal-page";

export const meta = legalPageMeta("terms");

export default function TermsOfService() {
  return <LegalPage id="terms" />;
}
