// PulseCompare's service worker for browser alerts (registered with scope "/" from /alerts).
// It only shows what a push carries and opens the page it names: no caching, no fetch handler,
// so the site behaves exactly as without it.
// The push's data (lib/alerts/web-push.server.ts): { title, body, url, tag }, nothing personal.

self.addEventListener("install", () => {
  // A new version takes over at once: it holds no state an old page could depend on.
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

/** Only a path on this site ("/compare/plsx-vs-hex"): anything else opens the home page. */
function sitePath(url) {
  if (typeof url !== "string" || !url.startsWith("/")) return "/";
  // "//host" and "/\\host" resolve to another origin: only what stays on this one is kept.
  const resolved = new URL(url, self.location.origin);
  return resolved.origin === self.location.origin ? resolved.pathname + resolved.search + resolved.hash : "/";
}

function readPayload(event) {
  if (!event.data) return null;
  try {
    const data = event.data.json();
    return data && typeof data === "object" ? data : null;
  } catch {
    return { body: event.data.text() };
  }
}

self.addEventListener("push", (event) => {
  const payload = readPayload(event) || {};
  const title = typeof payload.title === "string" && payload.title ? payload.title : "PulseCompare";
  const options = {
    body: typeof payload.body === "string" ? payload.body : "",
    icon: "/logo.svg",
    data: { url: sitePath(payload.url) },
  };
  // The same tag replaces a notification already shown (a firing delivered twice shows once).
  if (typeof payload.tag === "string" && payload.tag) options.tag = payload.tag;
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(sitePath(event.notification.data && event.notification.data.url), self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === target.origin);
      if (open) {
        await open.focus();
        if (new URL(open.url).href !== target.href && "navigate" in open) {
          try {
            await open.navigate(target.href);
          } catch {
            // An uncontrolled tab cannot be navigated by the worker: open the page instead.
            await self.clients.openWindow(target.href);
          }
        }
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
