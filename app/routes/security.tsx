import { LegalPage, legalPageMeta } from "~/components/legal/legal-page";

export const meta = legalPageMeta("security");

export default function Security() {
  return <LegalPage id="security" />;
}
