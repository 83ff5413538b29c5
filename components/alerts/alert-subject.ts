// What an "Alert me" button is about: its own file, so the button and the dialog it loads lazily
// both read the type without importing each other (no import circle).
export type AlertCoin = { id: string; symbol: string };

export type AlertSubject =
  | { kind: "pair"; coin: AlertCoin; other: AlertCoin; /** B has an all-time-high market cap to aim at. */ athTarget: boolean }
  | { kind: "coin"; coin: AlertCoin };
