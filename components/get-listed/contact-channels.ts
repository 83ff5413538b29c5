// The ways to order a listing (product spec). None is live yet, so each is marked "Coming Soon";
// give a channel an `href` here once it exists and the dialog can turn it into a link.
export type ContactChannelIcon = "bot" | "form" | "telegram" | "mail";

export interface ContactChannel {
  id: string;
  name: string;
  icon: ContactChannelIcon;
  /** Shown next to the name (the listing bot is the newest channel). */
  isNew: boolean;
}

export const CONTACT_CHANNELS: readonly ContactChannel[] = [
  { id: "telegram-listing-bot", name: "Telegram Listing Bot", icon: "bot", isNew: true },
  { id: "listing-form", name: "Listing Form", icon: "form", isNew: false },
  { id: "telegram", name: "Telegram", icon: "telegram", isNew: false },
  { id: "mail", name: "Mail", icon: "mail", isNew: false },
];
