import { IntentLink } from "@/components/shell/intent-link";
import { ListCoinLogo } from "@/components/shell/list-coin-logo";
import { HomeSection } from "@/components/shell/home-section";
import { pairQuestion } from "@/lib/compare/pair-copy";
import { pairPath } from "@/lib/compare/pair-route";
import type { Coin } from "@/lib/coins/schemas";

/** Links to `coin` at each of `others`' market caps ("HEX at ETH's market cap"), as a page section. */
export function PairLinks({ coin, others, title, id }: { coin: Coin; others: readonly Coin[]; title: string; id: string }) {
  if (others.length === 0) return null;
  return (
    <HomeSection title={title} id={id}>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        {others.map((other) => (
          <li key={other.id}>
            <IntentLink
              href={pairPath(coin.id, other.id)}
              className="flex items-center gap-2 rounded-md p-2 text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <ListCoinLogo coin={other} size={24} />
              {pairQuestion(coin, other)}
            </IntentLink>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
