# syntax=docker/dockerfile:1
# PulseCompare as a container image: Next's standalone server (next.config.mjs `output: "standalone"`)
# on Node 20, run by the unprivileged `node` user. CI does not build this image (its machines run no
# containers); it builds the same .next/standalone/ folder and runs the browser tests against
# `node .next/standalone/server.js`, the command this image runs (docs/operations.md: "Container").
#
# Targets:
#   runtime (the default, last)  the web server: only .next/standalone/, which holds server.js, the
#                                node_modules files it traced, public/ and .next/static/
#   tools                        the source with the production node_modules and tsx, for what the
#                                standalone server does not carry: `npm run db:setup` (migrations,
#                                then the seed into an empty database) and the market worker
#
#   docker build -t pulsecompare --build-arg NEXT_PUBLIC_SITE_URL=https://pulsecompare.example .
#   docker build -t pulsecompare-tools --target tools .
#
# compose.yaml builds both and runs them together (two web instances, the worker, Redis, libSQL).

ARG NODE_VERSION=20.20

FROM node:${NODE_VERSION}-bookworm-slim AS base
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
# The project's npm: package.json's `allowScripts` (which dependencies may run install scripts) is
# npm 11's; the npm 10 in Node 20's images would run them all.
RUN npm install -g npm@11.19.1 && npm cache clean --force

# Every dependency, exactly as locked. `npm ci` runs the postinstall, which generates the Prisma
# client into lib/generated/prisma offline (scripts/prisma-generate.ts), so it needs these files.
FROM base AS deps
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma/schema.prisma prisma/
COPY scripts/prisma-generate.ts scripts/
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
# Fixed by the build, not read at run time: Next inlines NEXT_PUBLIC_* into the code, and next.config.mjs
# writes the security headers (CSP, HSTS) from these (lib/security/headers.mjs). AUTH_ORIGINS is read
# again at run time for sign-in: pass the same value to both. Unset ones take the defaults in
# docs/operations.md.
ARG NEXT_PUBLIC_SITE_URL
ARG AUTH_ORIGINS
ARG NEXT_PUBLIC_PULSECHAIN_RPC_URL
ARG NEXT_PUBLIC_EXPLORER_URL
ARG NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID
# `npm run build`: migrates and seeds a throwaway SQLite file inside this stage (the cached pages are
# prerendered from it; served, they are rendered again from the real database, at most 40 s old),
# then `next build`, then scripts/standalone-assets.ts copies public/ and .next/static/ beside server.js.
RUN npm run build

# The database set-up and the market worker (`docker compose run --rm migrate`, `worker`).
FROM deps AS tools
COPY . .
RUN npm prune --omit=dev --no-audit --no-fund \
  && mkdir -p data && chown node:node data
USER node
# SIGTERM reaches the worker through npm (its script `exec`s tsx, which passes it on), so
# `docker stop` lets a pass in flight finish or give its lease up (SHUTDOWN_GRACE_S).
CMD ["npm", "run", "market:worker"]

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production
ENV NEXT_TELEMETRY_DISABLED=1
# server.js listens on PORT and HOSTNAME. Docker sets HOSTNAME to the container's id, which would
# bind the server to that name's address only.
ENV PORT=3000
ENV HOSTNAME=0.0.0.0
# The drain on SIGTERM (lib/http/shutdown.server.ts: open requests finish, /api/health answers 503
# "draining", within SHUTDOWN_GRACE_S) replaces Next's own signal handler, as Next's self-hosting
# guide documents: with this set Next installs none, and without it the drain is not installed.
ENV NEXT_MANUAL_SIG_HANDLE=true
# Root owns the code, so the server cannot change it. data/ is for the embedded SQLite file (the
# default DATABASE_URL, file:./data/app.db; mount a volume there), .next/cache for Next's caches.
COPY --from=build /app/.next/standalone ./
RUN mkdir -p data .next/cache && chown node:node data .next/cache
USER node
EXPOSE 3000
# Liveness (the process and its database answer), not /api/health, which also answers 503 for old
# prices and while draining, when a restart helps nothing. The slim image has no curl: Node's fetch.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/live', { signal: AbortSignal.timeout(4000) }).then((res) => process.exit(res.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server.js"]
