// A page of its own for server markup whose inline scripts do the work (the unit switch; issue 53):
// the markup React renders on the server, loaded into a fresh JSDOM document that runs its scripts
// as a browser does, so each test starts with no listeners and no storage from another.
import { JSDOM } from "jsdom";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/**
 * `stored`: local storage before the page is parsed (what an earlier visit left); `blocked`: a
 * browser that refuses local storage (it throws). Resolves once the page is parsed.
 */
export async function loadScriptPage(markup: ReactElement, { stored = {}, blocked = false }: { stored?: Record<string, string>; blocked?: boolean } = {}): Promise<JSDOM["window"]> {
  const dom = new JSDOM(`<!doctype html><html><body>${renderToStaticMarkup(markup)}</body></html>`, {
    url: "http://127.0.0.1/",
    runScripts: "dangerously",
    beforeParse(window) {
      for (const [key, value] of Object.entries(stored)) window.localStorage.setItem(key, value);
      if (blocked) blockStorage(window);
    },
  });
  const { document } = dom.window;
  if (document.readyState === "loading") await new Promise((parsed) => document.addEventListener("DOMContentLoaded", parsed));
  return dom.window;
}

function blockStorage(window: JSDOM["window"]): void {
  const blocked = () => {
    throw new window.DOMException("The operation is insecure.", "SecurityError");
  };
  window.Storage.prototype.setItem = blocked;
  window.Storage.prototype.getItem = blocked;
}
