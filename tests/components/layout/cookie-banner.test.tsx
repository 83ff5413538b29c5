import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { COOKIE_CONSENT_KEY, CookieBanner } from "@/components/layout/cookie-banner";

const TEXT = "This website uses cookies to enhance the user experience.";
beforeEach(() => window.localStorage.clear());

test("shows when no consent is stored", async () => {
  render(<CookieBanner />);
  expect(await screen.findByText(TEXT)).toBeInTheDocument();
});

test("stays hidden when consent is stored", () => {
  window.localStorage.setItem(COOKIE_CONSENT_KEY, "true");
  render(<CookieBanner />);
  expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
});

test("'I understand' stores consent and hides; a new page load keeps it hidden", async () => {
  const { unmount } = render(<CookieBanner />);
  await userEvent.click(await screen.findByRole("button", { name: "I understand" }));
  expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
  expect(window.localStorage.getItem(COOKIE_CONSENT_KEY)).toBe("true");
  unmount();
  render(<CookieBanner />);
  expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
});

test("close hides it for now without storing anything", async () => {
  const { unmount } = render(<CookieBanner />);
  await userEvent.click(await screen.findByRole("button", { name: "Close cookie notice" }));
  expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
  expect(window.localStorage.getItem(COOKIE_CONSENT_KEY)).toBeNull();
  unmount();
  render(<CookieBanner />);
  expect(await screen.findByText(TEXT)).toBeInTheDocument();
});

test("the server's HTML holds no banner (it cannot read storage); hydration adds it, with no mismatch", async () => {
  expect(renderToString(<CookieBanner />)).toBe("");
  const container = document.body.appendChild(document.createElement("div"));
  const onRecoverableError = jest.fn();
  const root = await act(async () => hydrateRoot(container, <CookieBanner />, { onRecoverableError }));
  expect(await screen.findByText(TEXT)).toBeInTheDocument();
  expect(onRecoverableError).not.toHaveBeenCalled();
  act(() => root.unmount());
  container.remove();
});

test("with storage blocked it shows, and 'I understand' still hides it for this visit", async () => {
  const blocked = () => {
    throw new DOMException("The operation is insecure.", "SecurityError");
  };
  const getItem = jest.spyOn(Storage.prototype, "getItem").mockImplementation(blocked);
  const setItem = jest.spyOn(Storage.prototype, "setItem").mockImplementation(blocked);
  try {
    render(<CookieBanner />);
    await userEvent.click(await screen.findByRole("button", { name: "I understand" }));
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
    expect(setItem).toHaveBeenCalledWith(COOKIE_CONSENT_KEY, "true");
  } finally {
    getItem.mockRestore();
    setItem.mockRestore();
  }
});
