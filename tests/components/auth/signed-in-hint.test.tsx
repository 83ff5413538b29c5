// The "signed in" hint cookie in the browser: without it nobody asks GET /api/auth/user and the
// header says 'Connect Wallet' at once; with it the user is fetched, and a 401 clears it. The
// header's server HTML is the same for everyone and hydrates without a mismatch either way.
import { act, render, screen, waitFor } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { SavedView } from "@/components/compare/saved-view";
import { WatchlistView } from "@/components/account/watchlist-view";
import { PairView } from "@/components/compare/pair-view";
import { SiteHeader } from "@/components/layout/site-header";
import { refreshAuthUser, useAuthUser } from "@/components/shell/use-auth-user";
import { WalletButton } from "@/components/wallet/wallet-button";
import { readSignedInHint } from "@/lib/api/signed-in-hint.browser";
import { signOutSession, submitSignIn } from "@/lib/api/siwe-calls.browser";
import { computeComparison } from "@/lib/compare/comparison";
import { apiError, hold, json, useFakeApi } from "@/tests/helpers/fake-api";
import { alice, freshQueryClient, renderWithQueryClient, setSignedInHint } from "@/tests/helpers/render-with-query";
import { big, seedPriceContext, tiny } from "@/tests/components/fixtures";


const api = useFakeApi();

/** Nothing answered yet and no hint: what a fresh anonymous visit starts with. */
const renderAnonymous = (ui: React.ReactElement) => renderWithQueryClient(ui, "pending", { hint: false });
const tick = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

function AuthProbe() {
  const { data, isPending } = useAuthUser();
  return <p data-testid="probe">{isPending ? "pending" : data ? data.address : "signed out"}</p>;
}

describe("without the hint (an anonymous visitor)", () => {
  test("the header's wallet slot is 'Connect Wallet' on the first render, never a skeleton, and nothing is asked", async () => {
    renderAnonymous(<WalletButton />);
    expect(screen.getByRole("button", { name: "Connect Wallet" })).toBeEnabled();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    await tick();
    expect(screen.getByRole("button", { name: "Connect Wallet" })).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(api.calls()).toEqual([]);
  });

  test.each([
    ["watchlist", () => <WatchlistView priceContext={seedPriceContext} />, "Please log in to view your watchlist."],
    ["saved", SavedView, "Please log in to view your saved comparisons."],
  ] as const)("the %s page says 'Login Required' at once, with no request", async (_name, View, text) => {
    renderAnonymous(<View />);
    expect(screen.getByRole("heading", { name: "Login Required" })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    await tick();
    expect(api.calls()).toEqual([]);
  });

  test("a pair page's result card has no save or watch buttons, and nothing about the user is asked", async () => {
    renderAnonymous(<PairView result={computeComparison(tiny, big)} related={[]} siteUrl="https://pulsecompare.test" priceContext={seedPriceContext} plsUsd={null} />);
    expect(screen.getByTestId("multiplier")).toHaveTextContent("100x");
    await tick();
    expect(screen.queryByTestId("comparison-actions")).not.toBeInTheDocument();
    expect(api.calls()).toEqual([]);
  });
});

describe("with the hint", () => {
  test("the user is fetched once: a skeleton holds the wallet slot meanwhile", async () => {
    const answer = hold();
    api.on("GET /api/auth/user", answer);
    renderWithQueryClient(
      <>
        <AuthProbe />
        <WalletButton />
      </>,
      "pending",
    );
    expect(screen.getByRole("status", { name: "Loading wallet" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Connect Wallet" })).not.toBeInTheDocument();
    expect(screen.getByTestId("probe")).toHaveTextContent("pending");
    await waitFor(() => expect(api.calls("GET /api/auth/user")).toHaveLength(1));
    expect(api.calls()[0]).toMatchObject({ method: "GET", url: "/api/auth/user" });

    answer.release(json(alice));
    await waitFor(() => expect(screen.getByTestId("probe")).toHaveTextContent(alice.address));
    expect(api.calls("GET /api/auth/user")).toHaveLength(1);
  });

  test("the watchlist page fetches the user, then the list", async () => {
    api.on("GET /api/auth/user", json(alice));
    api.on("GET /api/watchlist", json([]));
    renderWithQueryClient(<WatchlistView priceContext={seedPriceContext} />, "pending");
    expect(screen.getByRole("status")).toHaveTextContent("Loading");
    expect(await screen.findByRole("heading", { name: "Your watchlist is empty" })).toBeInTheDocument();
    expect(api.calls().map((c) => `${c.method} ${c.path}`)).toEqual(["GET /api/auth/user", "GET /api/watchlist"]);
  });

  test("a stale hint (answered 401) is cleared: 'Connect Wallet', and the next visit asks nothing", async () => {
    api.on("GET /api/auth/user", apiError(401, "unauthenticated", "Sign in with your wallet to continue."));
    const first = renderWithQueryClient(<WalletButton />, "pending");
    expect(await screen.findByRole("button", { name: "Connect Wallet" })).toBeEnabled();
    expect(readSignedInHint()).toBe(false);
    expect(document.cookie).not.toMatch(/pc_signed_in=1/);
    expect(api.calls("GET /api/auth/user")).toHaveLength(1);
    first.unmount();

    // Next visit: a fresh query client, and the cookie as the last answer left it.
    freshQueryClient();
    render(<WalletButton />);
    expect(screen.getByRole("button", { name: "Connect Wallet" })).toBeInTheDocument();
    await tick();
    expect(api.calls("GET /api/auth/user")).toHaveLength(1);
  });

  test("a 401 from any call re-asks who is signed in, and that 401 clears the hint", async () => {
    api.on("GET /api/watchlist", apiError(401, "unauthenticated", "Sign in with your wallet to continue."));
    api.on("GET /api/auth/user", apiError(401, "unauthenticated", "Sign in with your wallet to continue."));
    renderWithQueryClient(<WatchlistView priceContext={seedPriceContext} />, alice);
    expect(await screen.findByRole("heading", { name: "Login Required" })).toBeInTheDocument();
    expect(api.calls("GET /api/auth/user")).toHaveLength(1);
    expect(readSignedInHint()).toBe(false);
  });
});

describe("signing in and out", () => {
  test("a sign-in's answer sets the hint and the user is fetched; a sign-out's answer clears it and nothing is asked", async () => {
    api.on("GET /api/auth/csrf", json({ csrfToken: "t".repeat(64) }));
    // What the browser does with the real answers' Set-Cookie headers.
    api.on("POST /api/auth/callback/credentials", () => {
      document.cookie = "pc_signed_in=1; Path=/";
      return json({ ok: true });
    });
    api.on("POST /api/auth/signout", () => {
      document.cookie = "pc_signed_in=; Path=/; Max-Age=0";
      return json({ ok: true });
    });
    api.on("GET /api/auth/user", json(alice));
    const { client } = renderWithQueryClient(<AuthProbe />, null);
    expect(screen.getByTestId("probe")).toHaveTextContent("signed out");

    await act(async () => {
      await submitSignIn("a signed message", "0xsignature");
      await refreshAuthUser(client);
    });
    expect(readSignedInHint()).toBe(true);
    await waitFor(() => expect(screen.getByTestId("probe")).toHaveTextContent(alice.address));
    expect(api.calls("GET /api/auth/user")).toHaveLength(1);

    await act(async () => {
      await signOutSession();
      await refreshAuthUser(client);
    });
    expect(readSignedInHint()).toBe(false);
    await waitFor(() => expect(screen.getByTestId("probe")).toHaveTextContent("signed out"));
    await tick();
    expect(api.calls("GET /api/auth/user")).toHaveLength(1);
  });

  test("the hint appearing (another tab signed in) is picked up when the page is told", async () => {
    api.on("GET /api/auth/user", json(alice));
    renderWithQueryClient(<AuthProbe />, null);
    expect(screen.getByTestId("probe")).toHaveTextContent("signed out");
    act(() => setSignedInHint(true));
    await waitFor(() => expect(screen.getByTestId("probe")).toHaveTextContent(alice.address));
  });
});

describe("the header's server HTML", () => {
  // The header's wallet slot brings its own provider of the browser's client when it needs one.
  const header = () => <SiteHeader plsPrice={0.0000345} />;
  beforeEach(() => void freshQueryClient());

  test("is the same with and without the hint, and holds 'Connect Wallet', the PLS price and no skeleton", () => {
    const anonymous = renderToString(header());
    setSignedInHint(true);
    const hinted = renderToString(header());
    expect(hinted).toBe(anonymous);
    expect(anonymous).toContain(">Connect Wallet</button>");
    expect(anonymous).not.toContain("Loading wallet");
    expect(anonymous).toMatch(/data-testid="header-pls-price"[^>]*>PLS <span[^>]*>\$0\.000035<\/span>/);
    expect(api.calls()).toEqual([]);
  });

  const hintStyle = () => document.getElementById("pc-signed-in-hint");

  async function hydrate(hint: boolean) {
    const html = renderToString(header());
    setSignedInHint(hint);
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.appendChild(container);
    // The inline script runs while the browser parses the header (innerHTML does not run it).
    window.eval(container.querySelector("script")!.textContent!);
    const styledBeforeReact = hintStyle() !== null;
    const errors = jest.spyOn(console, "error").mockImplementation(() => {});
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, header(), { onRecoverableError: (error) => console.error(error) });
    });
    await tick();
    const logged = errors.mock.calls.map((args) => String(args[0]));
    errors.mockRestore();
    return {
      container,
      styledBeforeReact,
      logged,
      unmount: () => {
        act(() => root!.unmount());
        container.remove();
      },
    };
  }

  test("the script's style draws 'Connect Wallet' as a skeleton and hides 'Login Required'", () => {
    setSignedInHint(true);
    const container = document.createElement("div");
    container.innerHTML = renderToString(header()) + '<div data-signed-out-only="">Login Required</div>';
    document.body.appendChild(container);
    window.eval(container.querySelector("script")!.textContent!);
    const css = hintStyle()!.textContent!;
    expect(hintStyle()!.parentElement).toBe(document.head);
    expect(css).toContain("[data-connect-wallet]{width:2rem;min-width:0;padding:0;overflow:hidden;border-radius:9999px;color:transparent;");
    expect(css).toContain("pointer-events:none");
    expect(css).toContain("[data-signed-out-only]{visibility:hidden}");
    // The script comes before the wallet slot in the document, so it has run before the slot exists.
    const script = container.querySelector("script")!;
    const slot = container.querySelector("[data-wallet-slot]")!;
    expect(script.compareDocumentPosition(slot) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    hintStyle()!.remove();
    container.remove();
  });

  test("without the hint: the script adds nothing, hydration matches, nothing is asked", async () => {
    const { container, styledBeforeReact, logged, unmount } = await hydrate(false);
    expect(styledBeforeReact).toBe(false);
    expect(logged).toEqual([]);
    expect(container.querySelector("[data-connect-wallet]")).toHaveTextContent("Connect Wallet");
    expect(api.calls()).toEqual([]);
    unmount();
  });

  test("with the hint: the style is there before React, hydration matches, then the skeleton and the user request take over", async () => {
    api.on("GET /api/auth/user", hold());
    const { container, styledBeforeReact, logged, unmount } = await hydrate(true);
    expect(styledBeforeReact).toBe(true);
    expect(logged).toEqual([]);
    expect(container.querySelector('[role="status"][aria-label="Loading wallet"]')).not.toBeNull();
    expect(container.querySelector("[data-connect-wallet]")).toBeNull();
    expect(hintStyle()).toBeNull();
    expect(api.calls("GET /api/auth/user")).toHaveLength(1);
    unmount();
  });
});
