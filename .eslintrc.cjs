/** @type {import('eslint').Linter.Config} */
module.exports = {
  root: true,
  parserOptions: { ecmaVersion: "latest", sourceType: "module", ecmaFeatures: { jsx: true } },
  env: { browser: true, commonjs: true, es6: true, node: true },
  ignorePatterns: [
    "!**/.server",
    "!**/.client",
    "build/",
    "node_modules/",
    "bench-results/",
    "test-results/",
    "playwright-report/",
  ],
  extends: ["eslint:recommended"],
  overrides: [
    {
      files: ["**/*.{js,jsx,ts,tsx}"],
      plugins: ["react", "jsx-a11y", "react-hooks"],
      extends: ["plugin:react/recommended", "plugin:react/jsx-runtime", "plugin:jsx-a11y/recommended"],
      settings: {
        react: { version: "detect" },
        formComponents: ["Form", "ValidatedForm"],
        linkComponents: [
          { name: "Link", linkAttribute: "to" },
          { name: "NavLink", linkAttribute: "to" },
        ],
        "import/resolver": { typescript: {} },
      },
      // The Rules of Hooks and complete effect dependencies. Not the plugin's "recommended" preset: since v7 it also
      // carries the React Compiler's diagnostics, which this project (no compiler) does not follow (ADR 0009).
      rules: {
        "react/prop-types": "off",
        "react-hooks/rules-of-hooks": "error",
        "react-hooks/exhaustive-deps": "error",
      },
    },
    {
      files: ["**/*.{ts,tsx}"],
      plugins: ["@typescript-eslint", "import"],
      parser: "@typescript-eslint/parser",
      settings: {
        "import/internal-regex": "^~/",
        "import/resolver": { node: { extensions: [".ts", ".tsx"] }, typescript: { alwaysTryTypes: true } },
      },
      extends: ["plugin:@typescript-eslint/recommended", "plugin:import/recommended", "plugin:import/typescript"],
      rules: {
        "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
        "no-empty-pattern": "off",
        // The layers of app/ (README "Layout", ADR 0013): a module imports only from the layers below its own.
        "import/no-cycle": ["error", { ignoreExternal: true }],
        "import/no-restricted-paths": [
          "error",
          {
            zones: [
              {
                target: ["./app/utils", "./app/content", "./app/schemas"],
                from: [
                  "./app/server",
                  "./app/services",
                  "./app/models",
                  "./app/db",
                  "./app/routes",
                  "./app/components",
                ],
                message: "utils, content and schemas are the bottom layer: they know no feature, model or database.",
              },
              {
                target: "./app/db",
                from: ["./app/server", "./app/services", "./app/models", "./app/routes", "./app/components"],
                message: "db/ is the connection and the schema; it knows nothing above it.",
              },
              {
                target: "./app/models",
                from: ["./app/server", "./app/services", "./app/routes", "./app/components"],
                message: "models/ is data access: services call models, never the other way round.",
              },
              {
                target: "./app/services",
                from: ["./app/server", "./app/routes", "./app/components"],
                message: "services/ is called by routes and the server; it does not call them.",
              },
              {
                target: "./app/components",
                from: ["./app/server", "./app/services", "./app/models", "./app/db", "./app/routes"],
                message: "Components get their data as props from a route's loader, never from server code.",
              },
            ],
          },
        ],
      },
    },
    {
      // A `*.lazy` module is an implementation only the browser loads, and only through React.lazy or import()
      // (ADR 0052): a static import would put it in the first load. `import type` is erased, so it is allowed.
      files: ["app/**/*.{ts,tsx}"],
      rules: {
        "@typescript-eslint/no-restricted-imports": [
          "error",
          {
            patterns: [
              {
                group: ["*.lazy", "**/*.lazy"],
                allowTypeImports: true,
                message: "Load a `*.lazy` module with React.lazy or import().",
              },
            ],
          },
        ],
      },
    },
    {
      // Browser-bound code imports no server-only code: it gets its data from a route's loader (ADR 0052). The Vite
      // build refuses a `*.server` module in the browser's graph too; this says so at the line.
      files: ["app/components/**/*.{ts,tsx}", "app/utils/**/*.{ts,tsx}", "app/entry.client.tsx"],
      excludedFiles: ["app/utils/**/*.server.{ts,tsx}"],
      rules: {
        "no-restricted-imports": [
          "error",
          {
            patterns: [
              {
                group: ["*.server", "**/*.server"],
                message: "Components import no `*.server` module: data comes through a route's loader.",
              },
            ],
          },
        ],
      },
    },
    { files: [".eslintrc.cjs"], env: { node: true } },
  ],
};
