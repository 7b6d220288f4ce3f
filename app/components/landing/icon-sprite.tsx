// The shapes of ./icons, each a <symbol> that an icon draws with <use href="#icon-<name>">. The server renders the
// sprite once at the top of every document (a static island: app/deferred/icon-sprite.tsx), so a shape drawn many
// times is in the page once and in no script. Symbols carry no stroke or fill of their own unless the shape has
// its own colours (the logo): they inherit the drawing icon's.

export type IconName =
  | "check"
  | "chevron-down"
  | "menu"
  | "close"
  | "external"
  | "info"
  | "shield"
  | "lock"
  | "facebook"
  | "linkedin"
  | "youtube"
  | "instagram"
  | "check-circle"
  | "logo"
  | "star"
  | "home"
  | "plug";

const shapes: Record<IconName, { viewBox?: string; shape: JSX.Element }> = {
  check: { shape: <path d="M20 6 9 17l-5-5" /> },
  "chevron-down": { shape: <path d="m6 9 6 6 6-6" /> },
  menu: { shape: <path d="M4 6h16M4 12h16M4 18h16" /> },
  close: { shape: <path d="M18 6 6 18M6 6l12 12" /> },
  external: { shape: <path d="M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" /> },
  info: {
    shape: (
      <>
        <circle cx="12" cy="12" r="10" />
        <path d="M12 16v-4M12 8h.01" />
      </>
    ),
  },
  shield: {
    shape: (
      <>
        <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />
        <path d="m9 12 2 2 4-4" />
      </>
    ),
  },
  lock: {
    shape: (
      <>
        <rect x="3" y="11" width="18" height="11" rx="2" />
        <path d="M7 11V7a5 5 0 0 1 10 0v4" />
      </>
    ),
  },
  facebook: {
    shape: <path d="M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v8h4v-8h3l.5-4h-3.5V8.8c0-.5.3-.8.5-.8z" />,
  },
  linkedin: {
    shape: (
      <path d="M4 9h4v12H4zM6 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM10 9h3.8v1.7c.6-1 1.9-2 3.9-2 4 0 4.3 2.6 4.3 6V21h-4v-5.5c0-1.4 0-3.1-1.9-3.1s-2.1 1.4-2.1 3V21h-4z" />
    ),
  },
  youtube: {
    shape: (
      <path d="M22.5 7.2a2.8 2.8 0 0 0-2-2C18.8 4.8 12 4.8 12 4.8s-6.8 0-8.5.4a2.8 2.8 0 0 0-2 2C1 8.9 1 12 1 12s0 3.1.5 4.8a2.8 2.8 0 0 0 2 2c1.7.4 8.5.4 8.5.4s6.8 0 8.5-.4a2.8 2.8 0 0 0 2-2c.5-1.7.5-4.8.5-4.8s0-3.1-.5-4.8zM9.8 15.1V8.9l5.7 3.1z" />
    ),
  },
  instagram: {
    shape: (
      <>
        <rect x="3" y="3" width="18" height="18" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <path d="M17.5 6.5h.01" />
      </>
    ),
  },
  "check-circle": {
    shape: (
      <>
        <circle cx="12" cy="12" r="10" />
        <path d="M7.5 12.5l3 3 6-6.5" />
      </>
    ),
  },
  // Drawn many times by the static sections (a rating's five stars, every industry, every integration).
  star: { shape: <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" /> },
  home: { shape: <path d="m3 10 9-7 9 7v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM9 22V12h6v10" /> },
  plug: { shape: <path d="M9 2v6M15 2v6M6 8h12v4a6 6 0 0 1-12 0zM12 18v4" /> },
  logo: {
    viewBox: "0 0 32 32",
    shape: (
      <>
        <rect width="32" height="32" rx="8" fill="#125c3c" />
        <path d="M8 15.5 16 9l8 6.5V23H8z" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinejoin="round" />
        <path d="M6 25h20" stroke="#8fe0b8" strokeWidth="2.2" strokeLinecap="round" />
      </>
    ),
  },
};

export function IconSprite() {
  return (
    <svg className="hidden" aria-hidden="true">
      {Object.entries(shapes).map(([name, { viewBox = "0 0 24 24", shape }]) => (
        <symbol key={name} id={`icon-${name}`} viewBox={viewBox}>
          {shape}
        </symbol>
      ))}
    </svg>
  );
}
