// Small SVG icons (no icon library: they cost bytes on every page). All are decorative (aria-hidden); the control
// that holds one carries the accessible name. These are the ones hydrated parts of the landing page use: each draws
// a <symbol> of ./icon-sprite, which the server renders once per document, so their shapes are not in the
// browser's first load. Icons only the static sections draw are in ./section-icons.
import type { ReactNode, SVGProps } from "react";
import type { IconName } from "./icon-sprite";

export type IconProps = SVGProps<SVGSVGElement>;

export function Svg({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/** An icon drawn from the sprite's `#icon-<name>`, in `Svg`'s frame (its stroke or fill passes to the shapes). */
function spriteIcon(name: IconName, frame?: IconProps) {
  return function SpriteIcon(p: IconProps) {
    return (
      <Svg {...frame} {...p}>
        <use href={`#icon-${name}`} />
      </Svg>
    );
  };
}

const filled: IconProps = { fill: "currentColor", stroke: "none" };

export const CheckIcon = spriteIcon("check");
export const ChevronDownIcon = spriteIcon("chevron-down");
export const MenuIcon = spriteIcon("menu");
export const CloseIcon = spriteIcon("close");
export const ExternalIcon = spriteIcon("external");
export const InfoIcon = spriteIcon("info");
export const ShieldIcon = spriteIcon("shield");
export const LockIcon = spriteIcon("lock");
export const FacebookIcon = spriteIcon("facebook", filled);
export const LinkedInIcon = spriteIcon("linkedin", filled);
export const YouTubeIcon = spriteIcon("youtube", filled);
export const InstagramIcon = spriteIcon("instagram");

/** The demo thank-you panels' check in a circle (request sent, demo booked): 48 px, without Svg's round line ends. */
export const CheckCircleIcon = (p: IconProps) => (
  <svg
    aria-hidden="true"
    viewBox="0 0 24 24"
    width="48"
    height="48"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    {...p}
  >
    <use href="#icon-check-circle" />
  </svg>
);

/** The brand's mark, in its own colours. */
export const LogoMark = (p: IconProps) => (
  <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" {...p}>
    <use href="#icon-logo" />
  </svg>
);
