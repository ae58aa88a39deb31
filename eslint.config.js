// ESLint 9 flat config (decision 0019). Recommended sets only and no type-aware rules, so a run over
// the whole tree stays a few seconds; `tsc --noEmit` (npm run typecheck) does the type checking.
// Formatting is Prettier's job: nothing here has an opinion on layout.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    // Generated or third-party output, and measured reports.
    ignores: [
      "build/",
      "public/build/",
      "public/fonts/",
      "data/",
      "test-results/",
      "playwright-report/",
      ".cache/",
      "bench/report.md",
      "bench/results/",
      "node_modules/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      // Server, scripts and tests run in Node; app/ modules run in both (Remix renders on the
      // server and hydrates in the browser).
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      // `_`-prefixed names are deliberate (a destructured field left out, an unused parameter
      // an API requires).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // Type-only imports keep server modules out of the browser bundle's dependency graph.
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // Refusing control characters in what people type is a rule of this site (app/utils/text.ts),
      // so regular expressions that name them are deliberate, not typos.
      "no-control-regex": "off",
    },
  },
  {
    files: ["app/**/*.tsx", "tests/**/*.tsx"],
    ...react.configs.flat.recommended,
    settings: { react: { version: "detect" } },
  },
  { files: ["app/**/*.tsx", "tests/**/*.tsx"], ...react.configs.flat["jsx-runtime"] },
  {
    files: ["app/**/*.tsx", "tests/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    // The classic hooks rules. The React Compiler rules that plugin v7 adds to `recommended`
    // (purity, refs, set-state-in-effect…) judge code for a compiler this app does not use.
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    // Kysely's own advice: a migration is typed Kysely<any>, because it must keep working when the
    // app's DB interface moves on.
    files: ["migrations/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  { files: ["app/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  {
    files: ["app/**/*.tsx"],
    rules: {
      // Props are typed by TypeScript.
      "react/prop-types": "off",
      // A scrollable table wrapper is a labelled region that must take focus so keyboard users can
      // scroll it (axe: scrollable-region-focusable).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"] }],
      // Modern browsers imply noopener for target="_blank"; we keep the referrer for our own files.
      "react/jsx-no-target-blank": ["error", { allowReferrer: true }],
    },
  },
);
