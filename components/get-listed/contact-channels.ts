// The ways to order a listing (product spec). A channel with an `href` is live and the dialog
// links it; the others are marked "Coming Soon" as the spec has them.
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

export const CONTACT_CHANNELS: readonly ContactChannel[] = [
  { id: "telegram-listing-bot", name: "Telegram Listing Bot", icon: "bot", isNew: true },
  { id: "listing-form", name: "Listing Form", icon: "form", isNew: false, href: "/get-listed/apply" },
  { id: "telegram", name: "Telegram", icon: "telegram", isNew: false },
  { id: "mail", name: "Mail", icon: "mail", isNew: false },
];
