// The wallet kit's configuration: MetaMask and Rabby only, PulseChain only, over the RPC URL
// from configuration. Created inside the client component (never at module level on the
// server), so one visitor's wallet state cannot end up in another visitor's page.
import { connectorsForWallets } from "@rainbow-me/rainbowkit";
import { metaMaskWallet, rabbyWallet } from "@rainbow-me/rainbowkit/wallets";
import { createConfig, createStorage, deserialize, http, noopStorage } from "wagmi";
import { publicEnv } from "@/lib/config/public-env";
import { pulsechainAt } from "@/lib/chain/pulsechain";
import { SITE_NAME } from "@/lib/shared/site-identity";

/** The kit's request timeout (spec section 9). */
const RPC_TIMEOUT_MS = 10_000;

export function createWalletConfig() {
  const chain = pulsechainAt(publicEnv.pulsechainRpcUrl);
  const connectors = connectorsForWallets([{ groupName: "Recommended", wallets: [metaMaskWallet, rabbyWallet] }], {
    appName: SITE_NAME,
    // WalletConnect (MetaMask's QR code when the extension is missing) needs a Cloud project id.
    projectId: publicEnv.walletConnectProjectId,
  });
  return createConfig({
    chains: [chain],
    connectors,
    transports: { [chain.id]: http(chain.rpcUrls.default.http[0], { timeout: RPC_TIMEOUT_MS }) },
    ssr: true,
    // Exactly the two wallets above: other extensions announcing themselves are not listed.
    multiInjectedProviderDiscovery: false,
    storage: createStorage({
      storage: typeof window === "undefined" ? noopStorage : window.localStorage,
      // A corrupted stored value means "nothing stored", never a broken page.
      deserialize: (value: string) => {
        try {
          return deserialize(value);
        } catch {
          return null;
        }
      },
    }),
  });
}
