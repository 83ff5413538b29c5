// Next's own rules (React, hooks, accessibility, TypeScript), plus the rules that hold the
// codebase's layout: no import circles, no import that runs back up a floor, within lib/ no
// import that runs up a layer, and within components/ the rooms' walls (ui, shell, features). The floors, from the bottom: prisma/seed (data) → lib (the
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
  // What an API endpoint's declaration is: below every feature, so each declares its own endpoints.
  ["contract"],
  ["coins", "telegram"],
  ["auth", "bag", "history", "trending"],
  ["account", "api-keys", "compare", "db-setup"],
  // The alerts; the embeddable cards (issue 54), their addresses and oEmbed, drawn from the comparison and the coins.
  ["alerts", "embed"],
  // The refresh pass: prices, history, then the alerts they fire.
  ["market"],
  ["listings"],
  ["orders"],
  // What serves the features: the API's contract and routes, the Telegram bot, the background jobs (their schedule and composition).
  ["api", "bot", "jobs"],
  // The MCP server (issue 55): tools over the features, declared and bounded by the API's contract and wrapper.
  ["mcp"],
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

/**
 * components/'s rooms. `ui/` holds the primitives and imports nothing else of components/;
 * `shell/` holds what every feature shares (the section frame, the signed-in gate and its cards,
 * the fields, Money, the coin's logo and badges, the query provider, lazy loading) and imports only
 * `ui/`; a feature folder imports `ui/`, `shell/` and lib/, and another feature only where
 * FEATURE_IMPORTS says why. A new folder must be placed in COMPONENT_FEATURES (the lint fails until
 * it is); a piece two features need that neither owns belongs in shell/. docs/architecture.md
 * draws them.
 */
const COMPONENT_FEATURES = ["account", "admin", "alerts", "bag", "charts", "coins", "compare", "developers", "embed", "get-listed", "home", "layout", "orders", "playground", "unit", "wallet"];

/** The feature-to-feature imports there are, one line each: [importer, imported, why]. */
const FEATURE_IMPORTS = [
  ["account", "alerts", "a watchlist card offers 'Alert me' (alerts/create-alert-button)"],
  ["admin", "orders", "the operator's queue words an order as its buyer's page does (orders/order-text)"],
  ["admin", "wallet", "an admin write asks the header's wallet to sign again (wallet/sign-again, a port: no wallet code)"],
  ["bag", "account", "a bag's snapshots are saved to the account (account/account-queries)"],
  ["bag", "coins", "the bag's target coin is picked with the coin selector and read with the coin queries"],
  ["bag", "wallet", "the bag reads the connected wallet (wallet/connected-account, a port: no wallet code)"],
  ["coins", "alerts", "the coin page offers 'Alert me' (alerts/alert-entry)"],
  ["coins", "charts", "the coin page shows the coin's history chart"],
  ["coins", "compare", "the coin page shows the coin at another's market cap and the pairs to compare it with"],
  ["compare", "account", "a comparison is saved or its coin watched in the account (account/account-queries)"],
  ["compare", "alerts", "the pair page and a saved comparison offer 'Alert me'"],
  ["compare", "charts", "the pair page shows the pair's history chart; the on-date result reads history"],
  ["compare", "embed", "the pair page's share bar offers 'Embed' (embed/embed-button)"],
  ["coins", "embed", "the coin page offers 'Embed' (embed/embed-button)"],
  ["compare", "wallet", "the pair page reads the connected wallet's holding (wallet/connected-account, a port)"],
  ["get-listed", "coins", "a featured slot's coins are picked with the coin selector"],
  ["get-listed", "orders", "the listing form words an order and its call failures as the orders page does"],
  ["get-listed", "wallet", "the listing form pays from the header's wallet (wallet/send-payment, a port)"],
  ["home", "coins", "the home page's compare section picks coins with the coin selector and reads them"],
  ["layout", "unit", "the header holds the unit switch"],
  ["layout", "wallet", "the header holds the wallet button"],
  ["playground", "coins", "the playground picks coins with the coin selector and reads them"],
  ["playground", "compare", "the playground shows a comparison's target choice and its words"],
];

function componentZones() {
  const shared = ["ui", "shell"];
  const folders = readdirSync(new URL("./components", import.meta.url), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  const unplaced = folders.filter((name) => !shared.includes(name) && !COMPONENT_FEATURES.includes(name));
  if (unplaced.length) throw new Error(`eslint.config.mjs: place components/${unplaced.join(", components/")} in COMPONENT_FEATURES`);
  const unknown = FEATURE_IMPORTS.flat().filter((name, index) => index % 3 !== 2 && !COMPONENT_FEATURES.includes(name));
  if (unknown.length) throw new Error(`eslint.config.mjs: FEATURE_IMPORTS names ${unknown.join(", ")}, not a feature folder`);
  const path = (name) => `./components/${name}`;
  return [
    floor(path("ui"), ["shell", ...COMPONENT_FEATURES].map(path), "components/ui holds primitives: it imports nothing else of components/."),
    floor(path("shell"), COMPONENT_FEATURES.map(path), "components/shell is what every feature shares: it imports only components/ui (and lib/). Move the piece here, or this code into its feature."),
    ...COMPONENT_FEATURES.flatMap((feature) => {
      const allowed = FEATURE_IMPORTS.filter(([from]) => from === feature).map(([, to]) => to);
      const forbidden = COMPONENT_FEATURES.filter((other) => other !== feature && !allowed.includes(other));
      if (!forbidden.length) return [];
      return floor(
        path(feature),
        forbidden.map(path),
        `components/${feature} imports components/ui, components/shell and lib/, and another feature only by a line of FEATURE_IMPORTS (eslint.config.mjs) saying why: move a piece two features share into components/shell.`,
      );
    }),
  ];
}

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  globalIgnores(["**/.next/**", "node_modules/**", "lib/generated/**", "public/**", "data/**", "next-env.d.ts", "tests/browser/.tmp/**"]),
  {
    // No function over 80 lines in the app's code (issue 52), blank lines and comments counted:
    // about one screen, so a function or component is read whole. Every function of app/,
    // components/ and lib/ fits in it but the eleven issue 52 split, each of which held two or
    // three pieces with a state or a computation of their own; at 60, 28 more would have to be
    // cut, most of them forms and tables that read fine as one. Tests are exempt: a describe()
    // holds its tests, and a test reads best as one arrange-act-assert.
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}"],
    rules: { "max-lines-per-function": ["error", { max: 80 }] },
  },
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
            ...componentZones(),
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
