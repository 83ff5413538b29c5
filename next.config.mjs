/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The libSQL client ships a native binary; keep it (and Prisma's runtime) out of the bundle.
  // The offline migration engine ships ES modules; listing it here makes next/jest compile it
  // for the migration tests (Jest on Node 20 cannot load ESM from node_modules). The app
  // itself never imports it.
  transpilePackages: ["@prisma/schema-engine-wasm"],
  serverExternalPackages: ["@libsql/client", "@prisma/adapter-libsql", "libsql"],
};

export default nextConfig;
