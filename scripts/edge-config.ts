// Renders the edge's nginx.conf (deploy/nginx/nginx.conf.template) for a plain host or a test:
// nginx in front of the app's standalone servers, load-balancing them, caching what the app
// marks cacheable, and answering the edge cases itself with the site's security headers.
//
//   npx tsx scripts/edge-config.ts --listen 0.0.0.0:80 --prefix /var/lib/pulsecompare-edge \
//     --upstream 127.0.0.1:3000 --upstream 127.0.0.1:3001 \
//     [--next-static /srv/pulsecompare/.next/standalone/.next/static] [--user www-data] [--out FILE]
//   nginx -p /var/lib/pulsecompare-edge -c nginx.conf
//
// It writes PREFIX/nginx.conf (or --out) and creates PREFIX/temp; nginx keeps its pid, logs, cache
// and temporary files under PREFIX and runs in the foreground (`daemon off`: a service manager or
// the test starts it). Run it with the environment the app was BUILT with: the security headers
// (lib/security/headers.mjs) depend on NODE_ENV, NEXT_PUBLIC_SITE_URL, AUTH_ORIGINS and
// NEXT_PUBLIC_PULSECHAIN_RPC_URL, and next build fixes the app's copy of them. The app instances
// then run with TRUST_PROXY set to the address nginx connects from.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { securityHeaders, type SecurityEnv } from "../lib/security/headers.mjs";

const TEMPLATE = path.join(import.meta.dirname, "../deploy/nginx/nginx.conf.template");

export type EdgeOptions = {
  /** nginx `listen`: "127.0.0.1:8080", "80", "[::]:80". */
  listen: string;
  /** The app instances, "host:port" each. */
  upstreams: readonly string[];
  /** Absolute directory for the pid, logs, cache and temporary files. */
  prefix: string;
  /** The environment the app was built with (the security headers); default process.env. */
  env?: SecurityEnv;
  /** Serve /_next/static/ from this folder (the standalone build's .next/static) instead of the app. */
  nextStaticDir?: string;
  /** Files served as they are at /_edge-files/ (the bench's same-size static twins); off by default. */
  filesDir?: string;
  /** The workers' user when the master runs as root (nginx otherwise uses nobody). */
  user?: string;
  /** Debian's and the official image's. */
  mimeTypes?: string;
};

/** How long the edge keeps a response the app marks for shared caches (the template says why). */
export const EDGE_TTL = "1s";

/** A passive health check: one failed attempt takes an instance out for 5 s. */
const SERVER_PARAMETERS = "max_fails=1 fail_timeout=5s";

export function renderEdgeConfig(options: EdgeOptions): string {
  for (const dir of [options.prefix, options.nextStaticDir, options.filesDir]) {
    if (dir !== undefined) checkPath(dir);
  }
  if (options.upstreams.length === 0) throw new Error("edge: no upstream instance given");
  const servers = options.upstreams.map((upstream) => {
    // A name or IPv4 and a port, or [IPv6]:port: nothing that could end the directive.
    if (!/^([\w.-]+|\[[0-9a-f:.]+\]):\d{1,5}$/i.test(upstream)) throw new Error(`edge: upstream ${JSON.stringify(upstream)} is not host:port`);
    return `        server ${upstream} ${SERVER_PARAMETERS};`;
  });
  if (!/^[\w.:[\]]+$/.test(options.listen)) throw new Error(`edge: listen ${JSON.stringify(options.listen)} is not an address or port`);
  const headers = securityHeaderLines(options.env ?? process.env);

  const values: Record<string, string> = {
    PREFIX: options.prefix,
    USER: options.user ? `user ${options.user};` : "",
    MIME_TYPES: options.mimeTypes ?? "/etc/nginx/mime.types",
    LISTEN: options.listen,
    EDGE_TTL,
    UPSTREAM_SERVERS: servers.join("\n"),
    SECURITY_HEADERS: headers,
    NEXT_STATIC_LOCATION: options.nextStaticDir ? nextStaticLocation(options.nextStaticDir, headers) : "",
    FILES_LOCATION: options.filesDir ? filesLocation(options.filesDir, headers) : "",
  };
  return readFileSync(TEMPLATE, "utf8").replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`edge: the template names {{${name}}}, which renderEdgeConfig does not know`);
    return value;
  });
}

/**
 * `add_header ... always` lines for the locations nginx answers itself. Only there: on a proxied
 * response the app has set them already, and nginx would send each twice.
 */
function securityHeaderLines(env: SecurityEnv): string {
  return securityHeaders(env)
    .map(({ key, value }) => {
      // nginx reads `$` as a variable and has no escape for it in a string.
      if (/[$"\\\r\n]/.test(value)) throw new Error(`edge: the ${key} header's value cannot be written into nginx.conf: ${value}`);
      return `            add_header ${key} "${value}" always;`;
    })
    .join("\n");
}

/** The build's scripts and styles: content-hashed names, so cached for good (as Next serves them). */
function nextStaticLocation(dir: string, headers: string): string {
  return `
        location /_next/static/ {
            alias ${dir}/;
            charset utf-8;
            gzip_vary on;
${headers}
            # Not \`always\`: a file this folder lacks (a build newer than it) must not be a 404 kept for a year.
            add_header Cache-Control "public, max-age=31536000, immutable";
        }`;
}

function filesLocation(dir: string, headers: string): string {
  return `
        location /_edge-files/ {
            alias ${dir}/;
            # file.gz beside file is sent as it is to a client that accepts gzip.
            gzip_static on;
            gzip_vary on;
${headers}
        }`;
}

function checkPath(dir: string): void {
  if (!path.isAbsolute(dir) || /[\s;{}"'$\\]/.test(dir)) throw new Error(`edge: ${JSON.stringify(dir)} must be an absolute path without spaces or nginx syntax`);
}

/** Writes the rendered config into `options.prefix` (or `out`) and makes the directories nginx expects. */
export function writeEdgeConfig(options: EdgeOptions, out = path.join(options.prefix, "nginx.conf")): string {
  const config = renderEdgeConfig(options);
  mkdirSync(path.join(options.prefix, "temp"), { recursive: true });
  writeFileSync(out, config);
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      listen: { type: "string", default: "80" },
      upstream: { type: "string", multiple: true, default: [] },
      prefix: { type: "string" },
      "next-static": { type: "string" },
      user: { type: "string" },
      out: { type: "string" },
    },
  });
  if (!values.prefix || values.upstream.length === 0) {
    console.error("usage: tsx scripts/edge-config.ts --prefix DIR --upstream HOST:PORT [--upstream HOST:PORT ...] [--listen ADDR:PORT] [--next-static DIR] [--user NAME] [--out FILE]");
    process.exit(2);
  }
  const prefix = path.resolve(values.prefix);
  const out = writeEdgeConfig(
    {
      listen: values.listen,
      upstreams: values.upstream,
      prefix,
      nextStaticDir: values["next-static"] && path.resolve(values["next-static"]),
      user: values.user,
    },
    values.out && path.resolve(values.out),
  );
  console.log(`Wrote ${out}; start nginx with: nginx -p ${prefix} -c ${out}`);
}
