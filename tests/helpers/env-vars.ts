// Points the app's environment (lib/config/env.ts) at test values for a while, and back.
import { resetEnvCache } from "@/lib/config/env";

/** Sets these variables (and forgets the parsed environment); the returned function restores them. */
export function setEnvVars(values: Record<string, string>): () => void {
  const saved = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
  Object.assign(process.env, values);
  resetEnvCache();
  return () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvCache();
  };
}
