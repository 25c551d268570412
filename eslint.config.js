// @ts-check
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Layering (docs/architecture.md): imports only point cli → core ← plugins. */
const forbid = (groups, message) => ({
  "no-restricted-imports": ["error", { patterns: [{ group: groups, message }] }],
});

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "coverage/", "schema/"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-syntax": [
        "error",
        { selector: "ExportDefaultDeclaration", message: "Named exports only." },
      ],
    },
  },
  {
    files: ["src/core/**/*.ts"],
    rules: forbid(
      ["**/cli/*", "../plugins/*", "../../plugins/*", "../../../plugins/*"],
      "core must not import the cli or a concrete plugin",
    ),
  },
  {
    files: ["src/plugins/**/*.ts"],
    rules: forbid(["**/cli/*"], "plugins must not import the cli"),
  },
  {
    // Tool config files are read through their default export.
    files: ["*.config.js", "*.config.ts"],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    files: ["**/*.js", "**/*.mjs", "**/*.cjs"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: globals.node },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
