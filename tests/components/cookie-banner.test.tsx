import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { COOKIE_CONSENT_KEY, CookieBanner } from "@/components/layout/cookie-banner";

const TEXT = "This website uses cookies to enhance the user experience.";
beforeEach(() => window.localStorage.clear());

test("shows when no consent is stored", () => {
  render(<CookieBanner />);
  expect(screen.getByText(TEXT)).toBeInTheDocument();
});

test("stays hidden when consent is stored", () => {
  window.localStorage.setItem(COOKIE_CONSENT_KEY, "true");
  render(<CookieBanner />);
  expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
});

test("'I understand' stores consent and hides; a new page load keeps it hidden", async () => {
  const { unmount } = render(<CookieBanner />);
  await userEvent.click(screen.getByRole("button", { name: "I understand" }));
  expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
  expect(window.localStorage.getItem(COOKIE_CONSENT_KEY)).toBe("true");
  unmount();
  render(<CookieBanner />);
  expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
});

test("close hides it for now without storing anything", async () => {
  const { unmount } = render(<CookieBanner />);
  await userEvent.click(screen.getByRole("button", { name: "Close cookie notice" }));
  expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
  expect(window.localStorage.getItem(COOKIE_CONSENT_KEY)).toBeNull();
  unmount();
  render(<CookieBanner />);
  expect(screen.getByText(TEXT)).toBeInTheDocument();
});
