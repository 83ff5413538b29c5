// Where the Contact dialog's configurable channels lead (components/get-listed/contact-channels.ts);
// a channel left out is not configured and stays "Coming Soon".
export type ContactLinks = {
  /** https://t.me/<bot>?start=list: the Telegram Listing Bot (lib/bot/listing.server.ts). */
  listingBot?: string;
  /** The operator's Telegram (CONTACT_TELEGRAM_URL). */
  telegram?: string;
  /** mailto:<CONTACT_EMAIL> */
  mail?: string;
};
