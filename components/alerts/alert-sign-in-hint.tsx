/**
 * What a signed-out visitor sees where "Alert me" would be: alerts need a signed-in wallet. A plain
 * link, as 'Login Required' has (/api/login answers with a redirect that opens the connect dialog
 * back on this page). Marked data-signed-out-only, so the pre-paint style hides it for a visitor
 * holding the "signed in" hint (components/wallet/signed-in-hint-script.tsx).
 */
export function AlertSignInHint({ what, returnTo }: { what: string; returnTo: string }) {
  return (
    <p data-signed-out-only="" className="text-sm text-muted-foreground" data-testid="alert-sign-in-hint">
      <a href={`/api/login?returnTo=${encodeURIComponent(returnTo)}`} className="text-primary underline-offset-4 hover:underline">
        Log in
      </a>{" "}
      to be alerted {what}.
    </p>
  );
}

/** "when HEX reaches BTC's market cap": what a pair's hint offers. */
export const pairAlertWhat = (coin: { symbol: string }, other: { symbol: string }) => `when ${coin.symbol} reaches ${other.symbol}'s market cap`;
