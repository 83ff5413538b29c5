// /developers' public part (issue 55), the same for everyone and rendered on the server: what the
// open API is, where it is described, and its quotas without and with a key.
import { HomeSection } from "@/components/shell/home-section";

export type Quotas = { anonymousPerMinute: number; keyPerMinute: number; keyPerDay: number };

const count = (value: number) => value.toLocaleString("en-US");

function Code({ children }: { children: React.ReactNode }) {
  return <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{children}</code>;
}

export function OpenApiIntro({ siteUrl, quotas }: { siteUrl: string; quotas: Quotas }) {
  return (
    <>
      <HomeSection title="The open API" id="open-api">
        <div className="flex flex-col gap-3 text-sm">
          <p>
            What the site shows is also JSON: the coins and their history, what coin A would cost at coin B&apos;s market cap, the featured and
            trending lists. No sign-in needed, and a page on any site may call it (CORS).
          </p>
          <pre className="overflow-x-auto rounded-md bg-muted px-3 py-2 text-xs" tabIndex={0} aria-label="An example call">
            <code>curl {siteUrl}/api/pairs/plsx/hex</code>
          </pre>
          <ul className="flex list-disc flex-col gap-1 pl-5">
            <li>
              Every endpoint, its parameters and answers: the OpenAPI 3.1 document, <a className="underline underline-offset-4" href="/api/openapi.json">/api/openapi.json</a>.
            </li>
            <li>
              For language models and their tools: <a className="underline underline-offset-4" href="/llms.txt">/llms.txt</a>.
            </li>
            <li>
              Errors are always <Code>{'{ "error": { "code", "message" } }'}</Code>.
            </li>
          </ul>
        </div>
      </HomeSection>
      <HomeSection title="Quotas" id="quotas">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium">Without a key</dt>
          <dd data-testid="anonymous-quota">{count(quotas.anonymousPerMinute)} calls a minute per IP address.</dd>
          <dt className="font-medium">With a key</dt>
          <dd data-testid="key-quota">
            {count(quotas.keyPerMinute)} calls a minute and {count(quotas.keyPerDay)} a day per key, whatever address it is sent from. Send it as{" "}
            <Code>Authorization: Bearer pcmp_…</Code>.
          </dd>
          <dt className="font-medium">Over it</dt>
          <dd>
            429, with <Code>Retry-After</Code>. Every answer says what is left in its <Code>RateLimit</Code> header. A key that is mistyped or revoked
            is refused (401), never answered as if anonymous.
          </dd>
        </dl>
      </HomeSection>
    </>
  );
}
