"use client";

// The frame of an admin write in a dialog (a coin's edit, the correction of its high): an icon
// button opens it with the write's last error cleared; it cannot be closed while the write runs;
// the form closes it when done. Radix returns focus to the button when it closes.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";

export function WriteDialog({
  label,
  icon,
  title,
  description,
  write,
  children,
}: {
  /** The button's accessible name. */
  label: string;
  icon: React.ReactNode;
  title: React.ReactNode;
  description: React.ReactNode;
  /** The write's mutation: its state decides whether the dialog may close. */
  write: { isPending: boolean; reset(): void };
  /** The form, given the way to close the dialog once its write is done. */
  children: (close: () => void) => React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (write.isPending) return;
        if (next) write.reset();
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label}>
          {icon}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children(() => setOpen(false))}
      </DialogContent>
    </Dialog>
  );
}
