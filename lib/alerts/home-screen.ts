// Whether this browser must be added to the Home Screen before it can receive browser alerts
// (issue 54). iOS and iPadOS give Web Push (and Notification) only to a site opened from the Home
// Screen as an app of its own (iOS 16.4 and later): in Safari, or any other iOS browser, which are
// all WebKit, the page has to say how to get there instead of offering the alerts.

/** What the page can read about where it runs (navigator and matchMedia), passed in to keep this pure. */
export type HomeScreenSignals = {
  userAgent: string;
  /** navigator.maxTouchPoints: 0 on a Mac, 5 on an iPad. */
  maxTouchPoints: number;
  /** navigator.standalone: Apple's own flag, true in a Home Screen app (undefined elsewhere). */
  standalone?: boolean;
  /** matchMedia("(display-mode: standalone)").matches: the manifest's display, as the app was opened. */
  displayModeStandalone: boolean;
};

/**
 * not-apple-mobile: any other browser (a Mac's Safari has Web Push in the browser itself).
 * add-to-home-screen: an iPhone or iPad outside the Home Screen app. home-screen-app: opened from it.
 */
export type HomeScreenState = "not-apple-mobile" | "add-to-home-screen" | "home-screen-app";

const IOS_DEVICE = /\b(iPhone|iPad|iPod)\b/;
const MAC = /\bMacintosh\b/;

export function isAppleMobile({ userAgent, maxTouchPoints }: Pick<HomeScreenSignals, "userAgent" | "maxTouchPoints">): boolean {
  if (IOS_DEVICE.test(userAgent)) return true;
  // iPadOS asks for desktop sites by default and then says "Macintosh"; only its touch screen
  // tells it from a Mac (no Mac has one).
  return MAC.test(userAgent) && maxTouchPoints > 1;
}

export function homeScreenState(signals: HomeScreenSignals): HomeScreenState {
  if (!isAppleMobile(signals)) return "not-apple-mobile";
  return signals.standalone === true || signals.displayModeStandalone ? "home-screen-app" : "add-to-home-screen";
}
