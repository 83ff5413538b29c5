// The bot's "did you mean" (lib/bot/resolve-coin.ts closestCoin) answered from an index built once
// per coin snapshot, instead of a substring search and an edit distance against every coin's symbol
// and id for each unknown word and each inline keystroke. Same answers as the scan, exactly:
// - the substring step (a name or symbol containing the word, first by rank) looks the word up among
//   every coin's substrings of up to 3 characters (the first coin having it), or, for a longer word,
//   walks the coins having its rarest 3-character piece and checks each;
// - the edit-distance step (the symbol or id fewest edits away, at most a third of the word) checks
//   only keys that could be within `allowed` edits: of a length within `allowed` of the word's, and
//   containing one of `allowed + 1` pieces the word is cut into (each edit touches at most one
//   piece, so a key within `allowed` edits keeps at least one piece whole). Ties go to the
//   best-ranked coin, as the scan's first-found.
import { editDistance } from "./edit-distance";

type NamedCoin = { id: string; symbol: string; name: string };

/** Substrings up to this long are indexed (as numbers: gramOf), and a longer piece is looked up by its rarest such substring. */
const GRAM = 3;

export type ClosestCoinFinder<C> = (query: string) => C | null;

export function closestCoinFinder<C extends NamedCoin>(coins: readonly C[]): ClosestCoinFinder<C> {
  const names = coins.map((coin) => coin.name.toLowerCase());
  const symbols = coins.map((coin) => coin.symbol.toLowerCase());
  // Each half built on its first use: a word found by the substring step never waits for the other.
  const contains = once(() => containsIndex(names, symbols));
  const near = once(() => nearIndex(coins, symbols));
  return (query) => {
    const needle = query.toLowerCase();
    if (!needle) return null;
    // As searchCoins: the word trimmed; nothing left matches every coin (the first by rank).
    const word = needle.trim();
    const hit = word === "" ? (coins.length ? 0 : -1) : contains()(word);
    if (hit >= 0) return coins[hit]!;
    const best = near()(needle, Math.max(1, Math.floor(needle.length / 3)));
    return best >= 0 ? coins[best]! : null;
  };
}

function once<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}

/** The first coin (by rank) whose name or symbol contains the word, or -1. */
function containsIndex(names: readonly string[], symbols: readonly string[]): (word: string) => number {
  // Every substring shorter than GRAM: the first coin having it. Every GRAM-long one: all coins
  // having it, in rank order (the first of them answers a GRAM-long word).
  const first = new Map<number, number>();
  const having = new Map<number, number[]>();
  const add = (text: string, coin: number) => {
    for (let start = 0; start < text.length; start++) {
      let gram = 0;
      for (let end = start; end < Math.min(text.length, start + GRAM); end++) {
        gram = extend(gram, text, end);
        if (end - start < GRAM - 1) {
          if (!first.has(gram)) first.set(gram, coin);
        } else {
          const list = having.get(gram);
          if (!list) having.set(gram, [coin]);
          else if (list[list.length - 1] !== coin) list.push(coin);
        }
      }
    }
  };
  for (let coin = 0; coin < names.length; coin++) {
    add(names[coin]!, coin);
    add(symbols[coin]!, coin);
  }
  return (word) => {
    if (word.length < GRAM) return first.get(gramOf(word, 0, word.length)) ?? -1;
    let rarest: number[] | undefined;
    for (let start = 0; start + GRAM <= word.length; start++) {
      const list = having.get(gramOf(word, start, GRAM));
      if (!list) return -1;
      if (!rarest || list.length < rarest.length) rarest = list;
    }
    for (const coin of rarest!) if (names[coin]!.includes(word) || symbols[coin]!.includes(word)) return coin;
    return -1;
  };
}

/** The coin with the symbol or id fewest edits (at most `allowed`) from the word, best-ranked on a tie, or -1. */
function nearIndex(coins: readonly NamedCoin[], symbols: readonly string[]): (word: string, allowed: number) => number {
  // Each coin's keys (its symbol, its id) by length, then by every substring of up to GRAM characters.
  const keyText: string[] = [];
  const keyCoin: number[] = [];
  const byLength = new Map<number, { all: number[]; grams: Map<number, number[]> }>();
  const addKey = (text: string, coin: number) => {
    const key = keyText.length;
    keyText.push(text);
    keyCoin.push(coin);
    let bucket = byLength.get(text.length);
    if (!bucket) byLength.set(text.length, (bucket = { all: [], grams: new Map() }));
    bucket.all.push(key);
    for (let start = 0; start < text.length; start++) {
      let gram = 0;
      for (let end = start; end < Math.min(text.length, start + GRAM); end++) {
        gram = extend(gram, text, end);
        const list = bucket.grams.get(gram);
        if (!list) bucket.grams.set(gram, [key]);
        else if (list[list.length - 1] !== key) list.push(key);
      }
    }
  };
  for (let coin = 0; coin < coins.length; coin++) {
    addKey(symbols[coin]!, coin);
    if (coins[coin]!.id !== symbols[coin]) addKey(coins[coin]!.id, coin);
  }
  return (word, allowed) => {
    const pieces = piecesOf(word, allowed + 1);
    let best = -1;
    let bestDistance = allowed + 1;
    const seen = new Set<number>();
    const consider = (key: number) => {
      if (seen.has(key)) return;
      seen.add(key);
      const coin = keyCoin[key]!;
      // Within `allowed`; once a coin is found, a coin ranked after it needs strictly fewer edits
      // to win, one ranked before it as many.
      const limit = best < 0 ? allowed : coin < best ? bestDistance : bestDistance - 1;
      if (limit < 0) return;
      const distance = editDistance(word, keyText[key]!, limit);
      if (distance <= limit) {
        best = coin;
        bestDistance = distance;
      }
    };
    for (let length = Math.max(0, word.length - allowed); length <= word.length + allowed; length++) {
      const bucket = byLength.get(length);
      if (!bucket) continue;
      // A piece left empty (a one-letter word) rules nothing out: every key of this length may be near.
      if (pieces.some((piece) => piece === "")) {
        bucket.all.forEach(consider);
        continue;
      }
      for (const piece of pieces) {
        const list = piece.length <= GRAM ? bucket.grams.get(gramOf(piece, 0, piece.length)) : rarestGramList(bucket.grams, piece);
        list?.forEach(consider);
      }
    }
    return best;
  };
}

/** The word cut into `count` contiguous pieces of near-equal length (some empty when it is shorter). */
function piecesOf(word: string, count: number): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < count; i++) pieces.push(word.slice(Math.floor((i * word.length) / count), Math.floor(((i + 1) * word.length) / count)));
  return pieces;
}

/** Keys containing a long piece contain each of its GRAM-long substrings: the fewest such keys. */
function rarestGramList(grams: ReadonlyMap<number, number[]>, piece: string): number[] | undefined {
  let rarest: number[] | undefined;
  for (let start = 0; start + GRAM <= piece.length; start++) {
    const list = grams.get(gramOf(piece, start, GRAM));
    if (!list) return undefined;
    if (!rarest || list.length < rarest.length) rarest = list;
  }
  return rarest;
}

/**
 * A substring of up to GRAM UTF-16 units as a number (a map keyed by numbers is built several
 * times faster than one keyed by sliced strings): each unit a digit 1..65536 in base 65537, so
 * substrings of different lengths never share a number, and 65537^3 stays an exact integer.
 */
function extend(gram: number, text: string, at: number): number {
  return gram * 65_537 + text.charCodeAt(at) + 1;
}

function gramOf(text: string, start: number, length: number): number {
  let gram = 0;
  for (let at = start; at < start + length; at++) gram = extend(gram, text, at);
  return gram;
}
