// The floor app's own, empty config: Next looks for one from here upward and would otherwise
// load the site's (with its proxy, instrumentation and headers).
const config = {};

export default config;
