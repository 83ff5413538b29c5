import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import GetListedPage from "@/app/get-listed/page";
import { ContactButton } from "@/components/get-listed/contact-button";

test("a Contact button opens the Contact Us dialog: the Listing Form is a link, the other three channels are Coming Soon", async () => {
  const user = userEvent.setup();
  render(<GetListedPage />);
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

  const button = screen.getAllByRole("button", { name: "Contact" })[4]!; // Enhanced
  await user.click(button);

  const dialog = screen.getByRole("dialog", { name: "Contact Us" });
  expect(dialog).toHaveAccessibleDescription("Order your listing or promotion through one of these channels.");
  const channels = within(dialog).getAllByTestId("contact-channel");
  expect(channels.map((li) => within(li).getByText(/^(Telegram Listing Bot|Listing Form|Telegram|Mail)$/).textContent)).toEqual([
    "Telegram Listing Bot",
    "Listing Form",
    "Telegram",
    "Mail",
  ]);
  for (const li of channels) {
    expect(li.tagName).toBe("LI");
    expect(li.querySelector("svg")).not.toBeNull();
  }
  // The form is live (issue 25): its row links to it and is not marked Coming Soon.
  const form = channels[1]!;
  expect(within(form).getByRole("link", { name: "Listing Form" })).toHaveAttribute("href", "/get-listed/apply");
  expect(within(form).queryByText("Coming Soon")).not.toBeInTheDocument();
  for (const li of [channels[0]!, channels[2]!, channels[3]!]) {
    expect(within(li).getByText("Coming Soon")).toBeInTheDocument();
    expect(within(li).queryByRole("link")).not.toBeInTheDocument();
  }
  expect(within(dialog).getAllByText("Coming Soon")).toHaveLength(3);
  expect(within(dialog).getAllByText("NEW!")).toHaveLength(1);
  expect(within(channels[0]!).getByText("NEW!")).toBeInTheDocument();
  for (const li of channels.slice(1)) expect(within(li).queryByText("NEW!")).not.toBeInTheDocument();
});

test("Escape closes the dialog and returns focus to the button that opened it", async () => {
  const user = userEvent.setup();
  render(<GetListedPage />);
  const button = screen.getAllByRole("button", { name: "Contact" })[1]!;
  await user.click(button);
  const dialog = screen.getByRole("dialog", { name: "Contact Us" });
  expect(dialog).toContainElement(document.activeElement as HTMLElement); // focus moved inside

  await user.keyboard("{Escape}");
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(button).toHaveFocus();
});

test("the close button closes the dialog and focus stays trapped while open", async () => {
  const user = userEvent.setup();
  render(<ContactButton />);
  const button = screen.getByRole("button", { name: "Contact" });
  await user.click(button);
  const dialog = screen.getByRole("dialog", { name: "Contact Us" });
  const close = within(dialog).getByRole("button", { name: "Close" });

  // The Listing Form link and the close button are the focusable elements: Tab cycles between them.
  const form = within(dialog).getByRole("link", { name: "Listing Form" });
  await user.tab();
  const first = document.activeElement;
  expect([form, close]).toContain(first);
  await user.tab();
  expect(document.activeElement).toBe(first === form ? close : form);
  await user.tab();
  expect(document.activeElement).toBe(first);

  await user.click(close);
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(button).toHaveFocus();
});
