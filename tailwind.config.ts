import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      fontFamily: {
        // System fonts only: no web-font request can delay the first paint.
        sans: ["system-ui", "-apple-system", "Segoe UI", "Roboto", "Helvetica Neue", "Arial", "sans-serif"],
      },
      colors: {
        brand: {
          50: "#eef7f3",
          100: "#d6ece2",
          500: "#1f8a5b",
          600: "#17724a",
          700: "#125c3c",
          900: "#0b3323",
        },
      },
      keyframes: {
        "toast-in": { from: { transform: "translateX(100%)" }, to: { transform: "translateX(0)" } },
        "toast-out": { from: { opacity: "1" }, to: { opacity: "0" } },
      },
      animation: {
        "toast-in": "toast-in 150ms ease-out",
        "toast-out": "toast-out 100ms ease-in",
      },
    },
  },
  plugins: [],
  // Colours as plain values: the page writes opacity as `bg-white/10`, never `bg-opacity-10`, so the opacity
  // variables every colour utility would carry are bytes for nothing in the inlined stylesheet (ADR 27).
  corePlugins: {
    textOpacity: false,
    backgroundOpacity: false,
    borderOpacity: false,
    divideOpacity: false,
    placeholderOpacity: false,
    ringOpacity: false,
  },
  // Shadows, rings and transforms set their variables on the elements that use them, not on every element
  // (`*, ::before, ::after`): a shorter stylesheet and less for the browser to compute per element.
  experimental: { optimizeUniversalDefaults: true },
} satisfies Config;
