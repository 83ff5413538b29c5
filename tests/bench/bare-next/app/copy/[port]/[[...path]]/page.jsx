import { parse } from "parse5";
import { siteUrl } from "../../../../site-url";

// Issue 53's experiment (tests/bench/phone-parts.ts, "markup on bare"): one of the site's pages,
// as its server sent it, redrawn by this bare Next.js app with none of the site's code. The site's
// HTML on 127.0.0.1:<port> is fetched and its <body> becomes plain elements of a server component,
// its stylesheets linked through site/[port]. So the page has the site's DOM and stylesheet and
// React hydrates every one of its elements, but no client component of the site's runs: what the
// framework costs to carry and hydrate this markup, set apart from what the site's components add.
//
// Rendered on a page's first request and served from Next's cache after that (no path at build
// time, every path on demand), like the site's own cached pages: so the copy's first byte, FCP and
// LCP do not carry its fetch of the site. The cache stays in the floor's process memory
// (next.config.mjs), so a later run on the same port never gets an earlier run's page.
export const dynamicParams = true;
export const generateStaticParams = () => [];

const RENAMED = { class: "className", for: "htmlFor", tabindex: "tabIndex", readonly: "readOnly", maxlength: "maxLength", autocomplete: "autoComplete", srcset: "srcSet", crossorigin: "crossOrigin", fetchpriority: "fetchPriority", autofocus: "autoFocus", spellcheck: "spellCheck", enterkeyhint: "enterKeyHint", inputmode: "inputMode", colspan: "colSpan", rowspan: "rowSpan", checked: "defaultChecked", value: "defaultValue" };
const BOOLEAN = new Set(["hidden", "disabled", "defaultChecked", "readOnly", "autoFocus", "required", "multiple", "inert", "open"]);
const SKIPPED = new Set(["script", "noscript", "template"]);
const TABLE_PARTS = new Set(["table", "thead", "tbody", "tfoot", "tr", "colgroup", "select"]);

const attr = (node, name) => node.attrs?.find((a) => a.name === name)?.value;
const camel = (name) => name.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());

function styleObject(text) {
  const style = {};
  for (const declaration of text.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const name = declaration.slice(0, colon).trim();
    style[name.startsWith("--") ? name : camel(name)] = declaration.slice(colon + 1).trim();
  }
  return style;
}

function props(attributes, port) {
  const result = {};
  for (const { name, value } of attributes) {
    if (name === "style") result.style = styleObject(value);
    else if (name.startsWith("aria-") || name.startsWith("data-")) result[name] = value;
    else {
      const key = RENAMED[name] ?? (name.includes("-") || name.includes(":") ? camel(name.replace(":", "-")) : name);
      result[key] = BOOLEAN.has(key) ? true : value;
    }
  }
  for (const key of ["src", "href"]) if (typeof result[key] === "string" && result[key].startsWith("/")) result[key] = `/site/${port}${result[key]}`;
  return result;
}

function elements(nodes, port, parentTag) {
  return nodes.flatMap((node, index) => {
    if (node.nodeName === "#text") return TABLE_PARTS.has(parentTag) && !node.value.trim() ? [] : [node.value];
    if (!node.tagName || SKIPPED.has(node.tagName)) return [];
    if (node.tagName === "link" && attr(node, "rel") === "expect") return [];
    const Tag = node.tagName;
    const children = elements(node.content?.childNodes ?? node.childNodes ?? [], port, Tag);
    return [<Tag key={index} {...props(node.attrs, port)}>{children.length ? children : undefined}</Tag>];
  });
}

const find = (node, tag) => node.tagName === tag ? node : (node.childNodes ?? []).reduce((found, child) => found ?? find(child, tag), undefined);

export default async function Copy({ params }) {
  const { port, path = [] } = await params;
  const url = siteUrl(port, path);
  if (!url) throw new Error("copy: the port is a number");
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000), cache: "force-cache" });
  const document = parse(await response.text());
  const head = find(document, "head");
  const body = find(document, "body");
  const stylesheets = (head.childNodes ?? []).filter((node) => node.tagName === "link" && attr(node, "rel") === "stylesheet");
  return (
    <>
      {stylesheets.map((link) => {
        const href = attr(link, "href");
        return <link key={href} rel="stylesheet" href={`/site/${port}${href}`} precedence="default" />;
      })}
      <div className={attr(body, "class")}>{elements(body.childNodes, port, "body")}</div>
    </>
  );
}
