// zod, as every schema the browser runs must import it: `import { z } from "./zod"`, never "zod".
// zod 4 compiles object parsers with `new Function` where it may, and finds out by trying
// `new Function("")` once, when the first object schema is built. The site's Content-Security-Policy
// has no 'unsafe-eval' (docs/security.md), so in the browser that try is refused and reported as a
// CSP violation, though zod catches it and parses without compiling. There it is told not to try
// (jitless), before any schema exists; the server, which has no CSP, keeps the compiled parsers.
import { z } from "zod";

if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
