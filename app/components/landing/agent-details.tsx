// An AI agent card's illustration and what the agent does: plain markup, rendered by the server as static islands
// of ./ai-agents (app/deferred/landing-sections.tsx), so neither the markup nor the text is part of the first load.
import type { AgentName } from "~/content/agents";
import { agentDetails } from "~/content/agent-details";

/**
 * The server renders it with the SVG inline as a data URL (`src`): fetched as a file, it arrived while the first
 * screen was still being painted, and Lighthouse counts such a request into the largest paint's estimate. A page
 * the browser renders itself links the file.
 */
export function AgentImage({ agentName, src }: { agentName: AgentName; src?: string }) {
  const { image } = agentDetails[agentName];
  return (
    <img
      src={src ?? image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading="lazy"
      decoding="async"
      className="h-auto w-full border-b border-slate-100 bg-brand-50"
    />
  );
}

export function AgentSummary({ agentName }: { agentName: AgentName }) {
  const { summary, tasks } = agentDetails[agentName];
  return (
    <>
      <p className="mt-2 text-slate-700">{summary}</p>
      <ul className="mt-4 space-y-2 text-sm text-slate-700">
        {tasks.map((task) => (
          <li key={task} className="check-item flex gap-2">
            {task}
          </li>
        ))}
      </ul>
    </>
  );
}
