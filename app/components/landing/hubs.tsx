import type { ComponentType, SVGProps } from "react";
import { hubs, type HubIcon } from "~/content/hubs";
import { SectionHeading } from "./section-heading";
import {
  CartIcon,
  ChartIcon,
  ClipboardIcon,
  HandshakeIcon,
  MegaphoneIcon,
  PenIcon,
  PlugIcon,
  UsersIcon,
  WrenchIcon,
} from "./section-icons";

const icons: Record<HubIcon, ComponentType<SVGProps<SVGSVGElement>>> = {
  megaphone: MegaphoneIcon,
  handshake: HandshakeIcon,
  wrench: WrenchIcon,
  pen: PenIcon,
  clipboard: ClipboardIcon,
  cart: CartIcon,
  users: UsersIcon,
  chart: ChartIcon,
  plug: PlugIcon,
};

export function Hubs({ brandName }: { brandName: string }) {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Nine hubs. One login. Zero duct tape."
          lead={`${brandName} replaces the stack of apps most service businesses stitch together — and every hub shares the same customer record.`}
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {hubs.map((hub) => {
            const Icon = icons[hub.icon];
            return (
              <li key={hub.name} className="rounded-2xl border border-slate-200 p-6">
                {/* The tile is the icon's own box (padding, background): no wrapper element. */}
                <Icon className="block h-11 w-11 rounded-lg bg-brand-50 p-2.5 text-brand-700" />
                <h3 className="mt-4 text-lg font-bold text-slate-900">{hub.name}</h3>
                <p className="mt-2 text-slate-700">{hub.description}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
