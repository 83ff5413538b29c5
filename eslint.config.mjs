// Next's own rules (React, hooks, accessibility, TypeScript), plus the two rules that hold the
// codebase's layout: no import circles, and no import that runs back up a floor. The floors,
// from the bottom: prisma/seed (data) → lib (the domain) → components (React) → app (routes).
// docs/architecture.md draws them. `npm test` runs this before the tests.
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

/** A zone forbids the files under `target` to import anything under `from`. */
const floor = (target, from, message) => ({ target, from, message });

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  globalIgnores([".next/**", "node_modules/**", "lib/generated/**", "public/**", "data/**", "next-env.d.ts", "tests/browser/.tmp/**"]),
  {
    files: ["**/*.{js,jsx,mjs,ts,tsx,mts,cts}"],
    // The cycle rule parses every module an import reaches; packages cannot be part of the
    // codebase's circles, and parsing viem's and wagmi's type trees costs minutes.
    settings: { "import/ignore": ["node_modules"] },
    rules: {
      // A leading underscore names what is left out on purpose (`{ id: _id, ...rest }`).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      "import/no-cycle": ["error", { ignoreExternal: true }],
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            floor("./prisma", "./lib", "The seed data sits below the domain: lib/db/seed.ts reads it, not the other way."),
            floor("./lib", "./components", "lib/ is the domain: React components import it, not the other way."),
            floor("./lib", "./app", "lib/ is the domain: routes import it, not the other way."),
            floor("./components", "./app", "Components are used by routes; move what both need into components/ or lib/."),
          ],
        },
      ],
    },
  },
  {
    // The tests' use* helpers (useTestDatabase, useAuthEnvironment) register jest's before/after
    // hooks at a file's top level; they are not React hooks.
    files: ["tests/**/*.{ts,tsx}"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
]);
