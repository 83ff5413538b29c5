// The floor app's own config: Next looks for one from here upward and would otherwise
// load the site's (with its proxy, instrumentation and headers). Pages rendered on demand (the
// bench's copies of the site's pages, app/copy) are cached in memory only: one run's copies are
// gone when its server stops.
const config = { experimental: { isrFlushToDisk: false } };

export default config;
