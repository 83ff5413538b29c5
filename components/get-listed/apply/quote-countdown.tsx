"use client";

// How long the quote still holds its price (and its slot days): minutes and seconds, ticking.
import { useEffect, useState } from "react";

export function useSecondsLeft(expiresAt: string): number {
  const end = Date.parse(expiresAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((end - now) / 1_000));
}

/** "14:05" */
export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

export function QuoteCountdown({ secondsLeft }: { secondsLeft: number }) {
  if (secondsLeft === 0) {
    return (
      <p role="alert" className="text-sm font-medium text-destructive" data-testid="quote-countdown">
        This quote has expired: get a new one to pay.
      </p>
    );
  }
  return (
    // role="timer" is not announced on every tick; the words around it say what it counts.
    <p className="text-sm" data-testid="quote-countdown">
      Price held for{" "}
      <span role="timer" aria-label={`${Math.ceil(secondsLeft / 60)} minutes`} className="font-semibold tabular-nums">
        {formatCountdown(secondsLeft)}
      </span>
    </p>
  );
}
