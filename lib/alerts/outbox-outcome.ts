// What became of one delivery attempt, whatever the channel (pure).

export type Outcome =
  | { status: "sent" }
  /** The target is gone for good (a push subscription answered 404/410, a Telegram chat blocked the bot): `chatGone` unlinks the chat too. */
  | { status: "gone"; reason: string; chatGone?: boolean }
  | { status: "failed"; reason: string }
  /** Tried again later: after the backoff, or after retryAfterS if longer; `exact`: at retryAfterS itself (Telegram's flood wait). */
  | { status: "retry"; reason: string; retryAfterS: number | null; exact?: boolean };
