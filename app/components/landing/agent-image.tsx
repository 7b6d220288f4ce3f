import type { Agent } from "~/content/agents";

/**
 * An AI agent's illustration. The server renders it (a static island, app/deferred/landing-sections.tsx) with the
 * SVG inline as a data URL: fetched as a file, it arrived while the first screen was still being painted, and
 * Lighthouse counts such a request into the largest paint's estimate. A page the browser renders itself links it.
 */
export function AgentImage({ image }: { image: Agent["image"] }) {
  return (
    <img
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading="lazy"
      decoding="async"
      className="h-auto w-full border-b border-slate-100 bg-brand-50"
    />
  );
}
