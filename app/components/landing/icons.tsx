// Small SVG icons (no icon library: they cost bytes on every page). All are decorative (aria-hidden); the control
// that holds one carries the accessible name. These are the ones hydrated parts of the landing page use: each draws
// a <symbol> of ./icon-sprite, which the server renders once per document, so their shapes are not in the
// browser's first load. Icons only the static sections draw are in ./section-icons.
import type { ReactNode, SVGProps } from "react";
import type { IconName } from "./icon-sprite";

export type IconProps = SVGProps<SVGSVGElement>;

/**
 * An icon's frame: its stroke or fill come from the `icon`/`icon-filled` classes (app/tailwind.css), not from
 * attributes repeated on every icon of the page; the size from the caller's classes (the stylesheet is inline).
 */
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

/** An icon drawn from the sprite's `#icon-<name>`, in `Svg`'s frame (its stroke or fill passes to the shapes). */
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

/**
 * The demo thank-you panels' check in a circle (request sent, demo booked): 48 px, without Svg's round line ends.
 * Its own path, not the sprite's: the landing page's first HTML has no panel to draw it.
 */
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

/** The brand's mark, in its own colours. */
export const LogoMark = (p: IconProps) => (
  <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" {...p}>
    <use href="#icon-logo" />
  </svg>
);
