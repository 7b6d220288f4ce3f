import type { AgentName } from "~/content/agents";
import { agentDetails } from "~/content/agent-details";

/** A lazy file, not a data URL: it is far below the fold. ADR 27. */
export function AgentImage({ agentName }: { agentName: AgentName }) {
  const { image } = agentDetails[agentName];
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
