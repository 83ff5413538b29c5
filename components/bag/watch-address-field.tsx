"use client";

import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { parseWatchAddress } from "@/lib/bag/watch-address";
import type { Address } from "viem";

/**
 * "View any wallet": a cold wallet or a friend's, read the same way as a connected one. A bad
 * address says why beside the field and changes nothing.
 */
export function WatchAddressField({ onView }: { onView: (address: Address) => void }) {
  const id = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseWatchAddress(text);
    if (!parsed.ok) return setError(parsed.reason);
    setError(null);
    setText("");
    onView(parsed.address);
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-1" aria-label="View any wallet">
      <label htmlFor={id} className="text-sm text-muted-foreground">
        View any wallet, watch-only
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="0x…"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="font-mono"
        />
        <Button type="submit" variant="outline">
          View
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}
