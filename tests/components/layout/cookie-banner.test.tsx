import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { COOKIE_CONSENT_KEY, CookieBanner } from "@/components/layout/cookie-banner";

const TEXT = "This website uses cookies to enhance the user experience.";
const consentCookie = () => document.cookie.split("; ").find((part) => part.startsWith(`${COOKIE_CONSENT_KEY}=`))?.split("=")[1] ?? null;
beforeEach(() => {
  document.cookie = `${COOKIE_CONSENT_KEY}=; path=/; max-age=0`;
});
/** Past the moment the banner decides (jsdom has no idle callback: the next task). */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

test("shows when no consent is kept", async () => {
  render(<CookieBanner />);
  expect(await screen.findByText(TEXT)).toBeInTheDocument();
});

test("stays hidden when consent is kept", async () => {
  document.cookie = `${COOKIE_CONSENT_KEY}=true; path=/`;
  render(<CookieBanner />);
  await settle();
  expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
});

test("decides once the browser is idle, not while the page hydrates", async () => {
  const idle: IdleRequestCallback[] = [];
  window.requestIdleCallback = jest.fn((callback: IdleRequestCallback) => idle.push(callback));
  try {
    render(<CookieBanner />);
    await settle();
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
    expect(window.requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: expect.any(Number) });
    act(() => idle.forEach((callback) => callback({ didTimeout: false, timeRemaining: () => 10 })));
    expect(await screen.findByText(TEXT)).toBeInTheDocument();
  } finally {
    // @ts-expect-error jsdom has none: put it back as it was
    delete window.requestIdleCallback;
  }
});

test("'I understand' keeps consent in a cookie and hides; a new page load keeps it hidden; local storage untouched", async () => {
  const getItem = jest.spyOn(Storage.prototype, "getItem");
  const setItem = jest.spyOn(Storage.prototype, "setItem");
  const { unmount } = render(<CookieBanner />);
  await userEvent.click(await screen.findByRole("button", { name: "I understand" }));
  expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
  expect(consentCookie()).toBe("true");
  unmount();
  render(<CookieBanner />);
  await settle();
  expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
  // A browser's first read of a store blocks the page: a page's load opens the cookie store alone.
  expect(getItem).not.toHaveBeenCalled();
  expect(setItem).not.toHaveBeenCalled();
  getItem.mockRestore();
  setItem.mockRestore();
});

test("close hides it for now without storing anything", async () => {
  const { unmount } = render(<CookieBanner />);
  await userEvent.click(await screen.findByRole("button", { name: "Close cookie notice" }));
  expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
  expect(consentCookie()).toBeNull();
  unmount();
  render(<CookieBanner />);
  expect(await screen.findByText(TEXT)).toBeInTheDocument();
});

test("the server's HTML holds no banner (it cannot know the visitor's answer); hydration adds it, with no mismatch", async () => {
  expect(renderToString(<CookieBanner />)).toBe("");
  const container = document.body.appendChild(document.createElement("div"));
  const onRecoverableError = jest.fn();
  const root = await act(async () => hydrateRoot(container, <CookieBanner />, { onRecoverableError }));
  expect(await screen.findByText(TEXT)).toBeInTheDocument();
  expect(onRecoverableError).not.toHaveBeenCalled();
  act(() => root.unmount());
  container.remove();
});

test("with cookies blocked it shows, and 'I understand' still hides it for this visit", async () => {
  const blocked = () => {
    throw new DOMException("The operation is insecure.", "SecurityError");
  };
  const cookie = jest.spyOn(Document.prototype, "cookie", "get").mockImplementation(blocked);
  const setCookie = jest.spyOn(Document.prototype, "cookie", "set").mockImplementation(blocked);
  try {
    render(<CookieBanner />);
    await userEvent.click(await screen.findByRole("button", { name: "I understand" }));
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
    expect(setCookie).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`^${COOKIE_CONSENT_KEY}=true;`)));
  } finally {
    cookie.mockRestore();
    setCookie.mockRestore();
  }
});
