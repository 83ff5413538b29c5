// The signed-in-only pages' states and the header's wallet slot before the wallet kit loads.
// The signed-in state is whatever GET /api/auth/user answered, so each test puts that answer
// in the query cache (or leaves the request hanging, for "loading").
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { SavedView } from "@/components/account/saved-view";
import { WatchlistView } from "@/components/account/watchlist-view";
import { avatarInitials } from "@/components/wallet/address-avatar";
import { WalletButton } from "@/components/wallet/wallet-button";
import { AUTH_USER_QUERY_KEY } from "@/lib/auth/client";
import type { AuthUser } from "@/lib/validation/auth";

const alice: AuthUser = { id: 1, address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", createdAt: "2026-11-21T10:00:00.000Z" };
type Answer = "pending" | AuthUser | null;

function renderWith(ui: React.ReactElement, answer: Answer) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (answer !== "pending") client.setQueryData(AUTH_USER_QUERY_KEY, answer);
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const realFetch = globalThis.fetch;
beforeEach(() => {
  // The auth request never answers: only the "pending" tests get that far.
  globalThis.fetch = () => new Promise<Response>(() => {});
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe.each([
  ["watchlist", WatchlistView, "Please log in to view your watchlist.", "/watchlist", "Your watchlist is empty", "Browse Coins"],
  ["saved", SavedView, "Please log in to view your saved comparisons.", "/saved", "No saved comparisons yet", "Start Comparing"],
] as const)("the %s page", (_name, View, loginText, path, emptyTitle, emptyLink) => {
  test("shows a spinner while the signed-in state is loading", () => {
    renderWith(<View />, "pending");
    expect(screen.getByRole("status")).toHaveTextContent("Loading");
    expect(screen.queryByText("Login Required")).not.toBeInTheDocument();
  });

  test("asks a signed-out visitor to log in, with a link back to this page", () => {
    renderWith(<View />, null);
    expect(screen.getByRole("heading", { name: "Login Required" })).toBeInTheDocument();
    expect(screen.getByText(loginText)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", `/api/login?returnTo=${encodeURIComponent(path)}`);
  });

  test("shows the empty state to a signed-in user", () => {
    renderWith(<View />, alice);
    expect(screen.getByRole("heading", { name: emptyTitle })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: emptyLink })).toHaveAttribute("href", "/");
    expect(screen.queryByText("Login Required")).not.toBeInTheDocument();
  });
});

describe("the header's wallet slot before the kit loads", () => {
  test("holds its place while the signed-in state is loading", () => {
    renderWith(<WalletButton />, "pending");
    expect(screen.getByRole("status", { name: "Loading wallet" })).toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  test("is a 'Connect Wallet' button for a signed-out visitor", () => {
    renderWith(<WalletButton />, null);
    expect(screen.getByRole("button", { name: "Connect Wallet" })).toBeEnabled();
  });
});

test.each([
  ["0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "70"],
  ["0xabcdef0000000000000000000000000000000000", "AB"],
  ["0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "F3"],
])("the avatar of %s shows %s (the two hex digits after 0x, upper case)", (address, initials) => {
  expect(avatarInitials(address)).toBe(initials);
});
