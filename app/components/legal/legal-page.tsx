// Plain, non-interactive layout, so the pages read the same without JS. Import types only, or the landing
// page's chunks change.
import type { InlineText, LegalBlock, LegalPageView } from "~/content/legal";

const focusRing = "focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2";
const linkClass = `font-medium text-brand-700 underline hover:text-brand-900 ${focusRing} focus-visible:outline-brand-700`;
const footerLinkClass = `text-slate-300 hover:text-white ${focusRing} focus-visible:outline-white`;

function formatDate(isoDate: string) {
  // Fixed locale and zone: the server and the browser must print the same text.
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

function Inline({ content }: { content: InlineText[] }) {
  return (
    <>
      {content.map((part, index) => {
        if (typeof part === "string") return part;
        return part.external ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer" className={linkClass}>
            {part.text}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          <a key={index} href={part.href} className={linkClass}>
            {part.text}
          </a>
        );
      })}
    </>
  );
}

function Block({ block }: { block: LegalBlock }) {
  if ("paragraph" in block) {
    return (
      <p className="mt-4 leading-relaxed text-slate-700">
        <Inline content={block.paragraph} />
      </p>
    );
  }
  return (
    <ul className="mt-4 list-disc space-y-2 pl-6 leading-relaxed text-slate-700">
      {block.list.map((item, index) => (
        <li key={index}>
          <Inline content={item} />
        </li>
      ))}
    </ul>
  );
}

function LegalFooter({ brandName, copyrightYear, homeLinks, legalNav, current }: Omit<LegalPageView, "document">) {
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-3xl gap-8 px-4 py-10 text-sm sm:grid-cols-2 sm:px-6">
        <nav aria-labelledby="legal-footer-product">
          <h2 id="legal-footer-product" className="font-semibold uppercase tracking-wide text-white">
            {brandName}
          </h2>
          <ul className="mt-4 space-y-3">
            {homeLinks.map((item) => (
              <li key={item.href}>
                <a href={item.href} className={footerLinkClass}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="legal-footer-legal">
          <h2 id="legal-footer-legal" className="font-semibold uppercase tracking-wide text-white">
            Legal &amp; trust
          </h2>
          <ul className="mt-4 space-y-3">
            {legalNav.map((item) => (
              <li key={item.id}>
                <a
                  href={item.href}
                  className={`${footerLinkClass} aria-[current=page]:font-semibold aria-[current=page]:text-white`}
                  aria-current={item.id === current ? "page" : undefined}
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="border-t border-slate-700 pt-6 text-slate-400 sm:col-span-2">
          © {copyrightYear} {brandName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

export function LegalPage({ document, ...chrome }: LegalPageView) {
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-4 px-4 sm:px-6">
          <a href="/" className={`text-lg font-bold text-slate-900 ${focusRing} focus-visible:outline-brand-700`}>
            {chrome.brandName}
            <span className="sr-only">, home page</span>
          </a>
          <a href="/" className={`text-sm ${linkClass}`}>
            Back to the home page
          </a>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="mx-auto max-w-3xl px-4 py-12 focus:outline-none sm:px-6">
        <article>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{document.title}</h1>
          <p className="mt-2 text-sm text-slate-600">
            Last updated <time dateTime={document.lastUpdated}>{formatDate(document.lastUpdated)}</time>
          </p>
          <p className="mt-6 text-lg leading-relaxed text-slate-700">{document.summary}</p>
          {document.sections.map((section) => (
            <section key={section.id}>
              <h2 id={section.id} className="mt-10 text-xl font-semibold text-slate-900">
                {section.heading}
              </h2>
              {section.blocks.map((block, index) => (
                <Block key={index} block={block} />
              ))}
            </section>
          ))}
        </article>
      </main>
      <LegalFooter {...chrome} />
    </>
  );
}
