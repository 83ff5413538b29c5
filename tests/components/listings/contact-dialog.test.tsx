import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import GetListedPage from "@/app/get-listed/page";
import { ContactButton } from "@/components/get-listed/contact-button";
import { setEnvVars } from "@/tests/helpers/env-vars";
import { TEST_BOT_TOKEN, TEST_BOT_USERNAME } from "@/tests/helpers/telegram-api";

const UNCONFIGURED = { TELEGRAM_BOT_TOKEN: "", TELEGRAM_BOT_USERNAME: "", CONTACT_TELEGRAM_URL: "", CONTACT_EMAIL: "" };
let restoreEnv = () => {};
beforeEach(() => {
  restoreEnv = setEnvVars(UNCONFIGURED);
});
afterEach(() => restoreEnv());

async function openDialog(nth = 4) {
  const user = userEvent.setup();
  render(<GetListedPage />);
  await user.click(screen.getAllByRole("button", { name: "Contact" })[nth]!);
  const dialog = await screen.findByRole("dialog", { name: "Contact Us" });
  return { dialog, channels: within(dialog).getAllByTestId("contact-channel") };
}

test("nothing configured: a Contact button opens the Contact Us dialog; the Listing Form is a link, the other three channels are Coming Soon", async () => {
  const user = userEvent.setup();
  render(<GetListedPage />);
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

  const button = screen.getAllByRole("button", { name: "Contact" })[4]!; // Enhanced
  await user.click(button);

  const dialog = await screen.findByRole("dialog", { name: "Contact Us" });
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
  const dialog = await screen.findByRole("dialog", { name: "Contact Us" });
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
  const dialog = await screen.findByRole("dialog", { name: "Contact Us" });
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

test("everything configured (a bot, CONTACT_TELEGRAM_URL, CONTACT_EMAIL): every channel is a link, none Coming Soon", async () => {
  restoreEnv();
  restoreEnv = setEnvVars({ TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_BOT_USERNAME: TEST_BOT_USERNAME, CONTACT_TELEGRAM_URL: "https://t.me/PulseCompareTeam", CONTACT_EMAIL: "listings@pulsecompare.example" });
  const { dialog, channels } = await openDialog();
  const link = (index: number, name: string) => within(channels[index]!).getByRole("link", { name });
  expect(link(0, "Telegram Listing Bot")).toHaveAttribute("href", `https://t.me/${TEST_BOT_USERNAME}?start=list`);
  expect(link(0, "Telegram Listing Bot")).toHaveAttribute("target", "_blank");
  expect(link(0, "Telegram Listing Bot")).toHaveAttribute("rel", "noopener noreferrer");
  expect(within(channels[0]!).getByText("NEW!")).toBeInTheDocument();
  expect(link(1, "Listing Form")).toHaveAttribute("href", "/get-listed/apply");
  expect(link(2, "Telegram")).toHaveAttribute("href", "https://t.me/PulseCompareTeam");
  expect(link(3, "Mail")).toHaveAttribute("href", "mailto:listings@pulsecompare.example");
  expect(link(3, "Mail")).not.toHaveAttribute("target");
  expect(within(dialog).queryByText("Coming Soon")).not.toBeInTheDocument();
});

test("only a bot (as the browser suite's app runs): the Listing Bot and the form are links, Telegram and Mail stay Coming Soon", async () => {
  restoreEnv();
  restoreEnv = setEnvVars({ ...UNCONFIGURED, TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_BOT_USERNAME: TEST_BOT_USERNAME });
  const { dialog, channels } = await openDialog(0);
  expect(within(channels[0]!).getByRole("link", { name: "Telegram Listing Bot" })).toHaveAttribute("href", `https://t.me/${TEST_BOT_USERNAME}?start=list`);
  for (const li of [channels[2]!, channels[3]!]) {
    expect(within(li).getByText("Coming Soon")).toBeInTheDocument();
    expect(within(li).queryByRole("link")).not.toBeInTheDocument();
  }
  expect(within(dialog).getAllByText("Coming Soon")).toHaveLength(2);
});

test("a bot token without its username is no bot: the Listing Bot stays Coming Soon", async () => {
  restoreEnv();
  restoreEnv = setEnvVars({ ...UNCONFIGURED, TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, CONTACT_EMAIL: "listings@pulsecompare.example" });
  const { channels } = await openDialog();
  expect(within(channels[0]!).getByText("Coming Soon")).toBeInTheDocument();
  expect(within(channels[0]!).queryByRole("link")).not.toBeInTheDocument();
  expect(within(channels[3]!).getByRole("link", { name: "Mail" })).toHaveAttribute("href", "mailto:listings@pulsecompare.example");
});
