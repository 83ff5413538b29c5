"use client";

import { EmptyState } from "./empty-state";
import { SignedInOnly } from "./signed-in-only";

// The list itself arrives with the watchlist API (issue 5); until then there is nothing to list.
export function WatchlistView() {
  return (
    <SignedInOnly loginMessage="Please log in to view your watchlist." returnTo="/watchlist">
      {() => <EmptyState title="Your watchlist is empty" linkLabel="Browse Coins" />}
    </SignedInOnly>
  );
}
