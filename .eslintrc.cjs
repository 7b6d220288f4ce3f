/** @type {import('eslint').Linter.Config} */
module.exports = {
  root: true,
  parserOptions: { ecmaVersion: "latest", sourceType: "module", ecmaFeatures: { jsx: true } },
  env: { browser: true, commonjs: true, es6: true, node: true },
  ignorePatterns: [
    "!**/.server",
    "!**/.client",
    "build/",
    "public/build/",
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
      },
    },
    { files: [".eslintrc.cjs"], env: { node: true } },
  ],
};
