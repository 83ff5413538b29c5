"use client";

// The "Contact Us" dialog of the Get Listed page's plan cards, loaded with the first click on a
// Contact button (contact-button.tsx): Radix, its icons and the channels' markup are not part of the
// page's first load or hydration (issue 53). Radix traps focus and closes on Escape.
import { Bot, ChevronRight, FileText, Mail, Send, type LucideIcon } from "lucide-react";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { LazyDialogState } from "@/components/shell/use-lazy-dialog";
import { contactChannels, type ContactChannelIcon, type ContactLinks } from "./contact-channels";

const LINK_CLASS =
  "font-medium text-primary underline-offset-4 outline-none after:absolute after:inset-0 after:rounded-lg hover:underline focus-visible:after:ring-[3px] focus-visible:after:ring-ring/50";

const ICONS: Record<ContactChannelIcon, LucideIcon> = { bot: Bot, form: FileText, telegram: Send, mail: Mail };

/** Opened by ContactButton (use-lazy-dialog.ts), which says where focus returns. */
export function ContactDialog({ links, open, onOpenChange, onCloseAutoFocus }: LazyDialogState & { links?: ContactLinks }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Contact Us</DialogTitle>
          <DialogDescription>Order your listing or promotion through one of these channels.</DialogDescription>
        </DialogHeader>
        <ul className="flex flex-col gap-2" aria-label="Contact channels">
          {contactChannels(links).map((channel) => {
            const Icon = ICONS[channel.icon];
            return (
              <li
                key={channel.id}
                data-testid="contact-channel"
                className="relative flex items-center gap-3 rounded-lg border bg-muted/40 px-3 py-2.5"
              >
                <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
                  {channel.href?.startsWith("/") ? (
                    // The whole row is the link's target (its ::after covers the row), the name its text.
                    <Link href={channel.href} className={LINK_CLASS}>
                      {channel.name}
                    </Link>
                  ) : channel.href ? (
                    // Telegram (t.me) and mail leave the site: a plain link, t.me in a new tab.
                    <a href={channel.href} className={LINK_CLASS} {...(channel.href.startsWith("https:") ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
                      {channel.name}
                    </a>
                  ) : (
                    <span className="font-medium">{channel.name}</span>
                  )}
                  {channel.isNew ? <Badge variant="success">NEW!</Badge> : null}
                </span>
                {channel.href ? (
                  <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
                ) : (
                  <Badge variant="muted">Coming Soon</Badge>
                )}
              </li>
            );
          })}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
