// Next's own rules (React, hooks, accessibility, TypeScript), plus the rules that hold the
// codebase's layout: no import circles, no import that runs back up a floor, and within lib/ no
// import that runs up a layer. The floors, from the bottom: prisma/seed (data) → lib (the
// domain) → components (React) → app (routes).
// docs/architecture.md draws them. `npm test` runs this before the tests.
import { readdirSync } from "node:fs";
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

/** A zone forbids the files under `target` to import anything under `from`. */
const floor = (target, from, message) => ({ target, from, message });

/**
 * lib/'s folders, one feature or concern each, in layers from the bottom: a folder imports only
 * folders of the layers below its own, never one of its own layer or above. So no two folders
 * import each other, and a reader finds what a feature builds on below it. A new folder must be
 * placed here (the lint fails until it is); an import that needs to go up means code in the wrong
 * folder. docs/architecture.md draws them.
 */
const LIB_LAYERS = [
  ["shared", "errors", "config", "cache", "http", "generated"],
  ["db", "chain", "security"],
  ["coins", "telegram"],
  ["auth", "bag", "history", "trending"],
  ["account", "compare", "db-setup"],
  ["alerts"],
  // The refresh pass: prices, history, then the alerts they fire.
  ["market"],
  ["listings"],
  ["orders"],
  // What serves the features: the API's contract and routes, the Telegram bot, the background jobs (their schedule and composition).
  ["api", "bot", "jobs"],
];

function libLayerZones() {
  const placed = LIB_LAYERS.flat();
  const unplaced = readdirSync(new URL("./lib", import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !placed.includes(entry.name))
    .map((entry) => entry.name);
  if (unplaced.length) throw new Error(`eslint.config.mjs: place lib/${unplaced.join(", lib/")} in LIB_LAYERS`);
  return LIB_LAYERS.flatMap((layer, index) => {
    const notBelow = LIB_LAYERS.slice(index).flat();
    return layer.map((folder) =>
      floor(
        `./lib/${folder}`,
        notBelow.filter((other) => other !== folder).map((other) => `./lib/${other}`),
        `lib/${folder} may import only the lib/ folders in the layers below its own (eslint.config.mjs LIB_LAYERS): move the shared code down, or this code up.`,
      ),
    );
  });
}

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  globalIgnores(["**/.next/**", "node_modules/**", "lib/generated/**", "public/**", "data/**", "next-env.d.ts", "tests/browser/.tmp/**"]),
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
            floor("./prisma", "./lib", "The seed data sits below the domain: lib/db-setup/seed.ts reads it, not the other way."),
            floor("./lib", "./components", "lib/ is the domain: React components import it, not the other way."),
            floor("./lib", "./app", "lib/ is the domain: routes import it, not the other way."),
            floor("./components", "./app", "Components are used by routes; move what both need into components/ or lib/."),
            ...libLayerZones(),
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
