import { VisibleText } from "~/components/admin/visible-text";
import type { Attribution } from "~/schemas/attribution";

export function AttributionSummary({ attribution }: { attribution: Attribution }) {
  const source = [attribution.utmSource, attribution.utmMedium].filter(Boolean).join(" / ");
  const summary = [source, attribution.utmCampaign].filter(Boolean).join(" · ");
  const details = [
    attribution.utmTerm && `term: ${attribution.utmTerm}`,
    attribution.utmContent && `content: ${attribution.utmContent}`,
    attribution.clickId && `${attribution.clickId} click`,
    attribution.referrerHost && `from ${attribution.referrerHost}`,
    attribution.landingPath && `landed on ${attribution.landingPath}`,
  ].filter(Boolean);
  return (
    <>
      {summary ? <VisibleText text={summary} /> : "—"}
      {details.length ? (
        <span className="block text-xs text-slate-600">
          <VisibleText text={details.join(" · ")} />
        </span>
      ) : null}
    </>
  );
}
