// Icons for hydrated parts, drawn from ./icon-sprite so their shapes stay out of the scripts; the rest are in
// ./section-icons. All decorative (aria-hidden): the control holding one carries the accessible name.
import type { ReactNode, SVGProps } from "react";
import type { IconName } from "./icon-sprite";

export type IconProps = SVGProps<SVGSVGElement>;

/** Stroke/fill come from the `icon`/`icon-filled` classes (app/tailwind.css); size from the caller's classes. */
export function Svg({ children, className, filled, ...props }: IconProps & { children: ReactNode; filled?: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={`${filled ? "icon-filled" : "icon"} ${className ?? ""}`}
      {...props}
    >
      {children}
    </svg>
  );
}

function spriteIcon(name: IconName, filled = false) {
  return function SpriteIcon(p: IconProps) {
    return (
      <Svg filled={filled} {...p}>
        <use href={`#icon-${name}`} />
      </Svg>
    );
  };
}

export const MenuIcon = spriteIcon("menu");
export const CloseIcon = spriteIcon("close");
export const ExternalIcon = spriteIcon("external");
export const InfoIcon = spriteIcon("info");
export const FacebookIcon = spriteIcon("facebook", true);
export const LinkedInIcon = spriteIcon("linkedin", true);
export const YouTubeIcon = spriteIcon("youtube", true);
export const InstagramIcon = spriteIcon("instagram");

/** Its own path, not the sprite's: the landing page's first HTML has no thank-you panel to draw it. */
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
    <path d="M2 12a10 10 0 1 0 20 0a10 10 0 1 0-20 0M7.5 12.5l3 3 6-6.5" />
  </svg>
);

export const LogoMark = (p: IconProps) => (
  <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" {...p}>
    <use href="#icon-logo" />
  </svg>
);
