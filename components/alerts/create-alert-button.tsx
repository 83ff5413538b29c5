"use client";

// "Alert me" (issue 39): one button per place (the pair page, a saved comparison, the coin page, a
// watchlist card). The dialog's code (Radix Dialog, the forms, zod with the first call) loads on
// the first click, so the watchlist and saved pages' first load does not carry it.
import { Bell } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import type { AlertSubject } from "./alert-subject";

const CreateAlertDialog = lazy(() => import("./create-alert-dialog").then((m) => ({ default: m.CreateAlertDialog })));

export function alertTitle(subject: AlertSubject): string {
  return subject.kind === "pair" ? `Alert me when ${subject.coin.symbol} reaches ${subject.other.symbol}'s market cap` : `Alert me about ${subject.coin.symbol}`;
}

export function CreateAlertButton({ subject, size = "default" }: { subject: AlertSubject; size?: "default" | "sm" }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const title = alertTitle(subject);
  return (
    <>
      <Button
        ref={button}
        variant="outline"
        size={size}
        aria-label={title}
        aria-haspopup="dialog"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Bell aria-hidden />
        Alert me
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <CreateAlertDialog subject={subject} title={title} open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}
