// A small PulseX market on the local chain: WPLS priced at $0.00003 by a DAI pool and a USDC
// pool, a HEX-like base token (PULSEX_BASE_TOKENS, so the reader never looks for mainnet's HEX,
// PLSX and INC, which have no code here), and tokens with WPLS pools at chosen prices. Gives back the token addresses and the
// environment that points the app's on-chain reader at this chain instead of PulseChain.
import type { Address } from "viem";
import type { LocalChain } from "./local-chain";

/** WPLS in USD on the local market (both stablecoin pools agree). */
export const LOCAL_WPLS_USD = 0.00003;

export type LocalToken = {
  coinId: string;
  name: string;
  symbol: string;
  decimals: number;
  /** Whole tokens minted. */
  supply: string;
  /** USD price the token's pool gives it. */
  priceUsd: number;
  /** Whole WPLS in its pool (pool liquidity is twice that in USD). */
  poolWpls: number;
  /**
   * Whole tokens staked, as HEX stakes: the token is then a HexLike (HEX's globals() layout,
   * decimals 8) and the reader's PULSEX_HEX_ADDRESS, so its "liquid and staked" basis is read.
   */
  staked?: string;
};

export type LocalMarket = { addresses: Record<string, Address>; env: Record<string, string>; baseToken: Address };

export async function deployLocalMarket(chain: LocalChain, tokens: readonly LocalToken[]): Promise<LocalMarket> {
  const { wpls, dai, usdc, factoryV1, factoryV2, multicall3 } = chain.contracts;
  // $60,000 and $120,000 of liquidity: over the floor a stablecoin pool needs to price WPLS.
  await chain.addLiquidity(factoryV1, wpls, "1000000000", dai, "30000");
  await chain.addLiquidity(factoryV2, wpls, "2000000000", usdc, "60000");

  const baseToken = await chain.deployToken("HEX", "HEX", 8, "1000000000");
  const addresses: Record<string, Address> = {};
  let hexLike: Address | null = null;
  for (const token of tokens) {
    if (token.staked !== undefined && token.decimals !== 8) throw new Error(`${token.symbol}: a staking token has HEX's 8 decimals`);
    const address = token.staked === undefined ? await chain.deployToken(token.name, token.symbol, token.decimals, token.supply) : await chain.deployHexLike(token.supply);
    if (token.staked !== undefined) {
      await chain.stakeHexLike(address, token.staked);
      hexLike = address;
    }
    const tokensInPool = (token.poolWpls * LOCAL_WPLS_USD) / token.priceUsd;
    await chain.addLiquidity(factoryV2, address, tokensInPool.toFixed(Math.min(token.decimals, 6)), wpls, String(token.poolWpls));
    addresses[token.coinId] = address;
  }
  return {
    addresses,
    baseToken,
    env: {
      PULSECHAIN_RPC_URL: chain.rpcUrl,
      PULSECHAIN_RPC_TIMEOUT_MS: "30000",
      PULSEX_WPLS_ADDRESS: wpls,
      PULSEX_FACTORIES: `${factoryV1},${factoryV2}`,
      PULSEX_STABLECOINS: `${dai},${usdc}`,
      MULTICALL3_ADDRESS: multicall3,
      PULSEX_BASE_TOKENS: baseToken,
      ...(hexLike && { PULSEX_HEX_ADDRESS: hexLike }),
    },
  };
}
