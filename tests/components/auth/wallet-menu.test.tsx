// The header's wallet menu for a signed-in wallet: its links, Alerts among them (issue 39). The
// wallet kit's button and wagmi's config are stood in for (both third-party, and jsdom cannot run
// their connectors); the menu itself is ours and real. The path through a real wallet kit is in
// tests/browser/alerts/alerts.spec.ts.
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { WalletMenu } from "@/components/wallet/wallet-menu";

type KitState = { authenticationStatus: "authenticated" | undefined };
let kit: KitState = { authenticationStatus: "authenticated" };

jest.mock("@rainbow-me/rainbowkit", () => ({
  ConnectButton: {
    Custom: ({ children }: { children: (props: unknown) => React.ReactNode }) =>
      children({
        account: { address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" },
        chain: { id: 369, unsupported: false },
        mounted: true,
        authenticationStatus: kit.authenticationStatus,
        openConnectModal: () => {},
        openChainModal: () => {},
        openAccountModal: () => {},
      }),
  },
}));

jest.mock("wagmi", () => ({
  useConfig: () => ({ state: { status: "connected" }, subscribe: () => () => {} }),
}));

async function openMenu() {
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "Wallet menu for 0x70...79C8" }));
  return screen.findByRole("menu");
}

test("a signed-in wallet's menu links to Watchlist, Saved Comparisons, Alerts and Orders", async () => {
  kit = { authenticationStatus: "authenticated" };
  render(<WalletMenu />);
  await openMenu();
  const links = screen.getAllByRole("menuitem").map((item) => [item.textContent?.trim(), item.getAttribute("href")]);
  expect(links).toEqual([
    ["Your Bag", "/portfolio"],
    ["Watchlist", "/watchlist"],
    ["Saved Comparisons", "/saved"],
    ["Alerts", "/alerts"],
    ["Orders", "/orders"],
    ["Disconnect", null],
  ]);
});

test("a wallet connected on the bag page without signing in has no Alerts (nor the other lists)", async () => {
  // No sign-in adapter mounted there: the kit reports no authentication status at all.
  kit = { authenticationStatus: undefined };
  render(<WalletMenu />);
  await openMenu();
  expect(screen.getAllByRole("menuitem").map((item) => item.textContent?.trim())).toEqual(["Your Bag", "Disconnect"]);
});
