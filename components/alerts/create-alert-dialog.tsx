"use client";

// The "Alert me" dialog (issue 39): makes one rule with POST /api/alerts. A pair offers
// "A reaches B's market cap" (a multiple of it) and, where the pair page offers it, B's
// all-time-high market cap; a coin offers a price or market cap crossing a typed level, a new
// all-time high, or a 24h move.
import Link from "next/link";
import { useId, useState } from "react";
import { TypedNumberField, useTypedNumber } from "@/components/shell/typed-number-field";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { ApiCallError } from "@/lib/api/fetch-json.browser";
import { MARKET_CAP_RULES, PRICE_RULES } from "@/lib/compare/typed-number";
import type { AlertDirection, CreateAlertBody } from "@/lib/alerts/schemas";
import { describeRule, type RuleWords } from "@/lib/alerts/wording";
import { useCreateAlert } from "./alert-queries";
import type { AlertSubject, AlertCoin } from "./alert-subject";

/** The dialog CreateAlertButton opens (loaded on the first click). */
export function CreateAlertDialog({
  subject,
  title,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  subject: AlertSubject;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it: focus goes back there on close (it is no Radix trigger). */
  returnFocusTo: React.RefObject<HTMLButtonElement | null>;
}) {
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Checked after every price update, on prices that held. It fires once per crossing.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: each opening starts from the defaults. */}
        {open ? subject.kind === "pair" ? <PairForm subject={subject} onDone={close} /> : <CoinForm coin={subject.coin} onDone={close} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/** The multiples of B's market cap offered: 1× is "reaches B's market cap". */
const MULTIPLES: readonly { value: number; label: string }[] = [
  { value: 0.1, label: "10% (0.1×)" },
  { value: 0.25, label: "25% (0.25×)" },
  { value: 0.5, label: "Half (0.5×)" },
  { value: 1, label: "All of it (1×)" },
  { value: 2, label: "Twice (2×)" },
  { value: 5, label: "5×" },
  { value: 10, label: "10×" },
];

function PairForm({ subject, onDone }: { subject: Extract<AlertSubject, { kind: "pair" }>; onDone: () => void }) {
  const [target, setTarget] = useState<"reach" | "reach_ath">("reach");
  const [multiple, setMultiple] = useState(1);
  const multipleId = useId();
  const { coin, other } = subject;
  return (
    <AlertForm body={{ kind: target, coinId: coin.id, otherCoinId: other.id, multiple }} onDone={onDone}>
      {subject.athTarget ? (
        <Choices
          legend="Target"
          value={target}
          onChange={setTarget}
          options={[
            { value: "reach", label: `${other.symbol}'s market cap today` },
            { value: "reach_ath", label: `${other.symbol}'s all-time-high market cap` },
          ]}
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={multipleId} className="text-sm text-muted-foreground">
          How much of it
        </label>
        <select
          id={multipleId}
          value={multiple}
          onChange={(event) => setMultiple(Number(event.target.value))}
          className="h-9 rounded-md border bg-background px-2 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {MULTIPLES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <Preview words={{ kind: target, coinSymbol: coin.symbol, otherSymbol: other.symbol, direction: null, level: multiple }} />
    </AlertForm>
  );
}

/** The rule in the words /alerts will list it with (lib/alerts/wording.ts). */
function Preview({ words }: { words: RuleWords | null }) {
  return (
    <p className="text-sm" data-testid="alert-preview" aria-live="polite">
      {words ? `Alert me when ${describeRule(words)}.` : null}
    </p>
  );
}

type CoinKind = "price" | "market_cap" | "new_ath" | "move_24h";

function CoinForm({ coin, onDone }: { coin: AlertCoin; onDone: () => void }) {
  const [kind, setKind] = useState<CoinKind>("price");
  const [direction, setDirection] = useState<AlertDirection>("above");
  const price = useTypedNumber(PRICE_RULES);
  const cap = useTypedNumber(MARKET_CAP_RULES);
  const [percent, setPercent] = useState("10");
  const percentId = useId();
  const directionId = useId();
  const body = coinBody(coin.id, kind, direction, kind === "price" ? price.value : cap.value, Number(percent));
  return (
    <AlertForm body={body} onDone={onDone}>
      <Choices
        legend={`Alert me when ${coin.symbol}'s`}
        value={kind}
        onChange={setKind}
        options={[
          { value: "price", label: "Price crosses a level" },
          { value: "market_cap", label: "Market cap crosses a level" },
          { value: "new_ath", label: "Price makes a new all-time high" },
          { value: "move_24h", label: "Price moves by a percentage in 24 hours" },
        ]}
      />
      {kind === "price" || kind === "market_cap" ? (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={directionId} className="text-sm text-muted-foreground">
              Goes
            </label>
            <select
              id={directionId}
              value={direction}
              onChange={(event) => setDirection(event.target.value as AlertDirection)}
              className="h-9 rounded-md border bg-background px-2 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <option value="above">above</option>
              <option value="below">below</option>
            </select>
          </div>
          {kind === "price" ? (
            <TypedNumberField label="Price" prefix="$" field={price} placeholder="0.0021" />
          ) : (
            <TypedNumberField label="Market cap" prefix="$" field={cap} placeholder="100b" />
          )}
        </div>
      ) : null}
      {kind === "move_24h" ? (
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={percentId} className="text-sm text-muted-foreground">
            Moves by (%, up or down)
          </label>
          <div className="w-24">
            <Input id={percentId} type="number" inputMode="decimal" min={1} max={1000} step="any" value={percent} onChange={(event) => setPercent(event.target.value)} className="h-8 tabular-nums" />
          </div>
        </div>
      ) : null}
      {kind === "move_24h" ? <p className="text-sm text-muted-foreground">At most once a day.</p> : null}
      <Preview words={body ? { kind: body.kind, coinSymbol: coin.symbol, otherSymbol: null, direction: "direction" in body ? body.direction : null, level: ruleLevel(body) } : null} />
    </AlertForm>
  );
}

function ruleLevel(body: CreateAlertBody): number {
  if ("level" in body) return body.level;
  if ("percent" in body) return body.percent;
  if ("multiple" in body) return body.multiple;
  return 0;
}

/** The rule the coin form describes, or null while a level is missing. */
function coinBody(coinId: string, kind: CoinKind, direction: AlertDirection, level: number | null, percent: number): CreateAlertBody | null {
  switch (kind) {
    case "price":
    case "market_cap":
      return level === null ? null : { kind, coinId, direction, level };
    case "new_ath":
      return { kind, coinId };
    case "move_24h":
      return Number.isFinite(percent) ? { kind, coinId, percent } : null;
  }
}

function AlertForm({ body, onDone, children }: { body: CreateAlertBody | null; onDone: () => void; children: React.ReactNode }) {
  const create = useCreateAlert();
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!body) return;
        create.mutate(body, {
          onSuccess: (rule) => {
            onDone();
            toast({
              title: "Alert created",
              description: (
                <>
                  {rule.description}.{" "}
                  <Link href="/alerts" className="underline underline-offset-4">
                    See your alerts
                  </Link>
                </>
              ),
            });
          },
        });
      }}
    >
      {children}
      {create.isError ? (
        <p role="alert" className="text-sm text-destructive" data-testid="alert-error">
          {createErrorText(create.error)}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="submit" disabled={!body || create.isPending}>
          Create alert
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Why the rule was refused, in words: the limit (named by the server), a bad field, or a failure. */
export function createErrorText(error: Error): string {
  if (error instanceof ApiCallError) {
    if (error.code === "too_many_alerts") return `${error.message} Delete one on your alerts page to make room.`;
    if (error.status === 400) return error.message;
    if (error.status === 401) return "Your session has ended. Log in again to create alerts.";
  }
  return "Couldn't create the alert. Please try again.";
}

function Choices<T extends string>({
  legend,
  value,
  onChange,
  options,
}: {
  legend: string;
  value: T;
  onChange: (value: T) => void;
  options: readonly { value: T; label: string }[];
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm text-muted-foreground">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="flex items-center gap-2 text-sm">
          <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} className="size-4 accent-primary" />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
