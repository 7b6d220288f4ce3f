import { LegalPage, legalPageMeta } from "~/components/legal/legal-page";

export const meta = legalPageMeta("privacy");

export default function PrivacyPolicy() {
  return <LegalPage id="privacy" />;
}
