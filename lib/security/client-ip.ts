// Placeholder until the rate limiter lands.
import "server-only";

export function clientIp(_request: Request): string {
  return "unknown";
}
