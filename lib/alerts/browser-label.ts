// A browser's label for the /alerts page ("Chrome on Linux"), read from the User-Agent it
// subscribed with, so a user can tell their browsers apart without ever seeing a push endpoint.
// Pure; the order of the checks matters because most browsers' User-Agents also name others
// (Edge says "Chrome" and "Safari", Chrome says "Safari").

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\b(OPR|Opera|OPT)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bBrave\//, "Brave"],
  [/\bVivaldi\//, "Vivaldi"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\b(Chrome|HeadlessChrome|Chromium|CriOS)\//, "Chrome"],
  // Safari says "Version/17.1 ... Safari/605"; an in-app web view lacks "Version/".
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b|\bX11\b/, "Linux"],
];

const firstMatch = (text: string, table: [RegExp, string][]) => table.find(([pattern]) => pattern.test(text))?.[1];

/** "Chrome on Linux", "Firefox on Android", "Safari on iOS"; "Browser" when the browser is not recognised. */
export function browserLabel(userAgent: string | null | undefined): string {
  const text = (userAgent ?? "").slice(0, 512);
  const browser = firstMatch(text, BROWSERS);
  if (!browser) return "Browser";
  const system = firstMatch(text, SYSTEMS);
  return system ? `${browser} on ${system}` : browser;
}
