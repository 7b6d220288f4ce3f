import { VisibleText } from "~/components/admin/visible-text";
import type { Attribution } from "~/schemas/attribution";

export function sourceSummary(attribution: Attribution): string | undefined {
  const source = [attribution.utmSource, attribution.utmMedium].filter(Boolean).join(" / ");
  return [source, attribution.utmCampaign].filter(Boolean).join(" · ") || undefined;
}

function details(attribution: Attribution): string[] {
  return [
    attribution.utmTerm && `term: ${attribution.utmTerm}`,
    attribution.utmContent && `content: ${attribution.utmContent}`,
    attribution.clickId && `${attribution.clickId} click`,
    attribution.referrerHost && `from ${attribution.referrerHost}`,
    attribution.landingPath && `landed on ${attribution.landingPath}`,
  ].filter((detail): detail is string => Boolean(detail));
}

export function AttributionSummary({ attribution }: { attribution: Attribution }) {
  const summary = sourceSummary(attribution);
  const rest = details(attribution);
  return (
    <>
      {summary ? <VisibleText text={summary} /> : "—"}
      {rest.length ? (
        <span className="block text-xs text-slate-600">
          <VisibleText text={rest.join(" · ")} />
        </span>
      ) : null}
    </>
  );
}
