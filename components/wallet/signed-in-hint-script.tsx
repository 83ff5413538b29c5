import { SIGNED_IN_HINT_COOKIE } from "@/lib/auth/signed-in-hint";

// Runs while the browser parses the header, before the first paint and before React: when the
// "signed in" hint cookie is present it marks the wallet slot (data-signed-in), so globals.css
// shows a skeleton instead of the server HTML's 'Connect Wallet' to a visitor who is probably
// signed in. The HTML is the same for everyone (it is cached); only this script reads the cookie.
const SCRIPT = `(function(){try{if(document.cookie.split(";").some(function(c){return c.trim()===${JSON.stringify(`${SIGNED_IN_HINT_COOKIE}=1`)}})){var s=document.querySelector("[data-wallet-slot]");if(s)s.setAttribute("data-signed-in","")}}catch(e){}})()`;

/** Render right after the wallet slot (<WalletButton />), in the server HTML. */
export function SignedInHintScript() {
  return <script dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
