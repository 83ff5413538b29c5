// Which browsers /alerts sends to the Home Screen first (lib/alerts/home-screen.ts, issue 54): an
// iPhone or iPad outside the Home Screen app, whatever its browser (all are WebKit, none has Web
// Push there), an iPad asking for desktop sites (it says "Macintosh" and has a touch screen), and
// never a Mac, Android or desktop browser. Real User-Agent strings.
import { homeScreenState, type HomeScreenSignals } from "@/lib/alerts/home-screen";

const UA = {
  iphoneSafari: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1",
  iphoneChrome: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
  iphoneFirefox: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15",
  // A Home Screen app's own User-Agent has no "Safari/" and no "Version/".
  iphoneHomeScreen: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
  ipadMobile: "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  // iPadOS's default: the desktop site, as a Mac's Safari asks.
  ipadDesktop: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15",
  macSafari: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15",
  macChrome: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  androidChrome: "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  linuxChrome: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
};

const inBrowser = (userAgent: string, maxTouchPoints: number, standalone?: boolean): HomeScreenSignals => ({
  userAgent,
  maxTouchPoints,
  standalone,
  displayModeStandalone: false,
});

describe("homeScreenState", () => {
  test.each([
    ["Safari on an iPhone", inBrowser(UA.iphoneSafari, 5, false)],
    ["Chrome on an iPhone", inBrowser(UA.iphoneChrome, 5, false)],
    ["Firefox on an iPhone", inBrowser(UA.iphoneFirefox, 5, false)],
    ["Safari on an iPad asking for mobile sites", inBrowser(UA.ipadMobile, 5, false)],
    ["Safari on an iPad asking for desktop sites (a Mac's User-Agent, a touch screen)", inBrowser(UA.ipadDesktop, 5, false)],
    ["an iOS browser without navigator.standalone", inBrowser(UA.iphoneChrome, 5)],
  ])("%s: add to the Home Screen first", (_name, signals) => {
    expect(homeScreenState(signals)).toBe("add-to-home-screen");
  });

  test.each([
    ["navigator.standalone (Apple's flag)", { ...inBrowser(UA.iphoneHomeScreen, 5, true) }],
    ["the display-mode: standalone media query alone", { ...inBrowser(UA.iphoneHomeScreen, 5), displayModeStandalone: true }],
    ["an iPad's app on a desktop User-Agent", { ...inBrowser(UA.ipadDesktop, 5, true), displayModeStandalone: true }],
  ])("opened from the Home Screen, told by %s: the app itself", (_name, signals) => {
    expect(homeScreenState(signals)).toBe("home-screen-app");
  });

  test.each([
    ["Safari on a Mac (Web Push in the browser itself)", inBrowser(UA.macSafari, 0, false)],
    ["Chrome on a Mac", inBrowser(UA.macChrome, 0)],
    ["Chrome on Android", inBrowser(UA.androidChrome, 5)],
    ["Chrome on Linux", inBrowser(UA.linuxChrome, 0)],
    ["an installed app on Linux (display-mode: standalone)", { ...inBrowser(UA.linuxChrome, 0), displayModeStandalone: true }],
    // A Mac with one touch point reported (an attached tablet) is not an iPad: iPads report 5.
    ["a Mac reporting a single touch point", inBrowser(UA.macSafari, 1, false)],
  ])("%s: not concerned", (_name, signals) => {
    expect(homeScreenState(signals)).toBe("not-apple-mobile");
  });
});
