// Rendered once per document by the root, so repeated icons cost one shape. Symbols inherit the drawing icon's
// stroke/fill unless they have their own colours (the logo).

export type IconName =
  "menu" | "close" | "external" | "info" | "facebook" | "linkedin" | "youtube" | "instagram" | "logo";

// One <path> per single-colour shape, for fewer elements per page.
const shapes: Record<IconName, { viewBox?: string; shape: JSX.Element }> = {
  menu: { shape: <path d="M4 6h16M4 12h16M4 18h16" /> },
  close: { shape: <path d="M18 6 6 18M6 6l12 12" /> },
  external: { shape: <path d="M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" /> },
  info: { shape: <path d="M2 12a10 10 0 1 0 20 0a10 10 0 1 0-20 0M12 16v-4M12 8h.01" /> },
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
      <path d="M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5zM8 12a4 4 0 1 0 8 0a4 4 0 1 0-8 0M17.5 6.5h.01" />
    ),
  },
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
