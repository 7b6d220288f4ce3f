import { agents, agentsPricingDetail, agentsPricingNote, betaDetail } from "~/content/agents";
import { Tooltip } from "~/components/ui/tooltip";
import { SectionHeading } from "./section-heading";
import { InfoIcon } from "./icons";

function BetaBadge({ agentName }: { agentName: string }) {
  return (
    <Tooltip content={betaDetail}>
      <button
        type="button"
        className="inline-flex min-h-6 items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide text-amber-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700"
      >
        Beta
        <span className="sr-only">: about the {agentName} beta</span>
      </button>
    </Tooltip>
  );
}

function AgentName({ name }: { name: string }) {
  return <h3 className="text-xl font-bold text-slate-900">{name}</h3>;
}

export function AiAgents() {
  return (
    <section aria-labelledby="agents-title" className="scroll-mt-20 bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="agents-title"
          eyebrow="AI agents"
          title="Put your busywork on a crew that never clocks out"
          lead="Three AI agents work inside your CRM with your customers, your calendar and your pricing — and hand off to a person whenever a conversation needs one."
        />
        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {agents.map((agent) => (
            <li key={agent.name} className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white">
              {/* A lazy file, not a data URL: it is far below the fold. ADR 27. */}
              <img
                src={agent.image.src}
                alt={agent.image.alt}
                width={agent.image.width}
                height={agent.image.height}
                loading="lazy"
                decoding="async"
                className="h-auto w-full border-b border-slate-100 bg-brand-50"
              />
              <div className="flex flex-1 flex-col p-6">
                {agent.beta ? (
                  <div className="flex items-center gap-2">
                    <AgentName name={agent.name} />
                    <BetaBadge agentName={agent.name} />
                  </div>
                ) : (
                  <AgentName name={agent.name} />
                )}
                <p className="mt-2 text-slate-700">{agent.summary}</p>
                <ul className="mt-4 space-y-2 text-sm text-slate-700">
                  {agent.tasks.map((task) => (
                    <li key={task} className="check-item flex gap-2">
                      {task}
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-8 flex items-center justify-center gap-2 text-center text-base font-semibold text-slate-900">
          AI agents: {agentsPricingNote}
          <Tooltip content={agentsPricingDetail}>
            <button
              type="button"
              aria-label="How AI agent pricing works"
              className="inline-flex h-8 w-8 items-center justify-center rounded-full text-brand-700 hover:bg-brand-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              <InfoIcon className="h-5 w-5" />
            </button>
          </Tooltip>
        </p>
      </div>
    </section>
  );
}
