// The signed-in-only pages' states and the header's wallet slot before the wallet kit loads.
// The signed-in state is whatever GET /api/auth/user answered, so each test puts that answer
// in the query cache (or leaves the request hanging, for "loading"). The signed-in states (list
// loading, load error, empty, cards) are in watchlist-page.test.tsx and saved-page.test.tsx.
import { act, screen } from "@testing-library/react";
import { SavedView } from "@/components/compare/saved-view";
import { AlertsView } from "@/components/alerts/alerts-view";
import { WatchlistView } from "@/components/account/watchlist-view";
import { avatarInitials } from "@/components/wallet/address-avatar";
import { WalletButton } from "@/components/wallet/wallet-button";
import { renderWithQueryClient } from "@/tests/helpers/render-with-query";
import { seedPriceContext } from "@/tests/components/fixtures";

const renderWith = renderWithQueryClient;

const realFetch = globalThis.fetch;
beforeEach(() => {
  // The auth request never answers: only the "pending" tests get that far.
  globalThis.fetch = () => new Promise<Response>(() => {});
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe.each([
  ["watchlist", () => <WatchlistView priceContext={seedPriceContext} />, "Please log in to view your watchlist.", "/watchlist"],
  ["saved", SavedView, "Please log in to view your saved comparisons.", "/saved"],
  ["alerts", AlertsView, "Please log in to view your alerts.", "/alerts"],
] as const)("the %s page", (_name, View, loginText, path) => {
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

});

describe("the header's wallet slot before the kit loads", () => {
  test("holds its place while the signed-in state is loading", async () => {
    renderWith(<WalletButton />, "pending");
    expect(screen.getByRole("status", { name: "Loading wallet" })).toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    // And still once the code that asks who is signed in has loaded (the request never answers).
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
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
