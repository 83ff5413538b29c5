// The ways to order a listing (product spec). A channel with an `href` is live and the dialog
// links it; the others are marked "Coming Soon" as the spec has them. The Listing Form is always
// live; the Telegram Listing Bot, Telegram and Mail are live once the server is configured for
// them (lib/listings/contact-links.server.ts reads the environment; docs/spec-notes.md).
import type { ContactLinks } from "@/lib/listings/contact-links";

export type ContactChannelIcon = "bot" | "form" | "telegram" | "mail";

export interface ContactChannel {
  id: string;
  name: string;
  icon: ContactChannelIcon;
  /** Shown next to the name (the listing bot is the newest channel). */
  isNew: boolean;
  /** Where the channel is, once it is live. */
  href?: string;
}

export type { ContactLinks };

export const LISTING_FORM_HREF = "/get-listed/apply";

/** The four channels in the spec's order, each live when `links` has its address. */
export function contactChannels(links: ContactLinks = {}): ContactChannel[] {
  return [
    { id: "telegram-listing-bot", name: "Telegram Listing Bot", icon: "bot", isNew: true, href: links.listingBot },
    { id: "listing-form", name: "Listing Form", icon: "form", isNew: false, href: LISTING_FORM_HREF },
    { id: "telegram", name: "Telegram", icon: "telegram", isNew: false, href: links.telegram },
    { id: "mail", name: "Mail", icon: "mail", isNew: false, href: links.mail },
  ];
}
