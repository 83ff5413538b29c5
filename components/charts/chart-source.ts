// What a history chart draws, as plain data a server page can hand to the client shell.

type ChartCoin = { id: string; symbol: string };

/** A coin's market cap over time, or coin 1's market cap over coin 2's (the pair page). */
export type ChartSource = { kind: "market-cap"; coin: ChartCoin } | { kind: "ratio"; coin1: ChartCoin; coin2: ChartCoin };
