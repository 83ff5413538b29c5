"use client";

import { EmptyState } from "./empty-state";
import { SignedInOnly } from "./signed-in-only";

// The cards arrive with the saved-comparisons API (issue 5); until then there is nothing saved.
export function SavedView() {
  return (
    <SignedInOnly loginMessage="Please log in to view your saved comparisons." returnTo="/saved">
      {() => <EmptyState title="No saved comparisons yet" linkLabel="Start Comparing" />}
    </SignedInOnly>
  );
}
