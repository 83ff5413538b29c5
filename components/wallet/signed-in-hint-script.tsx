import { SIGNED_IN_HINT_COOKIE, SIGNED_IN_HINT_STYLE_ID } from "@/lib/auth/signed-in-hint";

/**
 * What a visitor holding the "signed in" hint sees before React knows the user: the server HTML's
 * 'Connect Wallet' drawn as the wallet skeleton, and the pages' 'Login Required' not shown. The
 * skeleton has the signed-in avatar's size and shape (32 px round, WalletButtonPlaceholder too):
 * the slot is right-aligned, so a wider skeleton made the avatar's arrival a layout shift.
 */
const HINT_CSS =
  "[data-connect-wallet]{width:2rem;min-width:0;padding:0;overflow:hidden;border-radius:9999px;color:transparent;background-color:var(--muted);pointer-events:none;animation:var(--animate-pulse)}" +
  "[data-signed-out-only]{visibility:hidden}";

// Runs while the browser parses the header, before the wallet slot exists, so no frame can be
// painted with the slot but without this. When the hint cookie is present it adds HINT_CSS to
// <head>: React leaves extra nodes there alone when it hydrates, and every element it renders stays
// exactly the server's (the HTML is the same for everyone; only this script reads the cookie).
const SCRIPT = `(function(){try{if(document.cookie.split(";").some(function(c){return c.trim()===${JSON.stringify(`${SIGNED_IN_HINT_COOKIE}=1`)}})){var s=document.createElement("style");s.id=${JSON.stringify(SIGNED_IN_HINT_STYLE_ID)};s.textContent=${JSON.stringify(HINT_CSS)};document.head.appendChild(s)}}catch(e){}})()`;

/** Render in the header before the wallet slot (<WalletButton />), in the server HTML. */
export function SignedInHintScript() {
  return <script dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
