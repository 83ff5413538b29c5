import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect, useState } from "react";
import { CoinSelector, type SelectorCoin } from "@/components/coins/coin-selector";

import { useListboxLayout } from "@/tests/helpers/listbox-layout";

useListboxLayout();

const coin = (id: string, symbol: string, name: string, logoUrl: string | null = `/logos/${id}.svg`): SelectorCoin => ({
  id,
  symbol,
  name,
  logoUrl,
});

const PLS = coin("pls", "PLS", "PulseChain");
const PLSX = coin("plsx", "PLSX", "PulseX");
const HEX = coin("hex", "HEX", "HEX");
const INC = coin("inc", "INC", "Incentive", null);
const PCOCK = coin("pcock", "PCOCK", "PeacockSwap");
const WPLS = coin("wpls", "WPLS", "Wrapped Pulse");
const COINS = [PLS, PLSX, HEX, INC, PCOCK, WPLS];

const MANY = Array.from({ length: 5000 }, (_, i) =>
  coin(`coin-${i + 1}`, `C${i + 1}`, `Generated coin ${i + 1}`, null),
);

/** A controlled parent, as the real form is: the chosen coin comes back in through `value`. */
function Harness({
  coins = COINS,
  initial = null,
  onChange,
}: {
  coins?: readonly SelectorCoin[];
  initial?: SelectorCoin | null;
  onChange: (coin: SelectorCoin) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <div>
      <CoinSelector
        coins={coins}
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
        placeholder="Select first coin"
        label="First coin"
      />
      <button type="button">Outside</button>
    </div>
  );
}

function setup(props: { coins?: readonly SelectorCoin[]; initial?: SelectorCoin | null } = {}) {
  const onChange = jest.fn<void, [SelectorCoin]>();
  const user = userEvent.setup();
  render(<Harness {...props} onChange={onChange} />);
  const trigger = screen.getByRole("button", { name: /^First coin/ });
  return { user, onChange, trigger };
}

const combobox = () => screen.getByRole("combobox");
const queryCombobox = () => screen.queryByRole("combobox");
/** An option's bold symbol (the two-letter logo fallback is bold too, but aria-hidden). */
const SYMBOL = "span.font-semibold:not([aria-hidden])";
/** Each rendered option's symbol, in DOM (= list) order. */
const optionSymbols = () =>
  screen.queryAllByRole("option").map((option) => option.querySelector(SYMBOL)?.textContent);
/** The element aria-activedescendant points at (must exist in the DOM). */
function activeOption(): HTMLElement {
  const id = combobox().getAttribute("aria-activedescendant");
  expect(id).toBeTruthy();
  const element = document.getElementById(id!);
  expect(element).not.toBeNull();
  expect(element).toHaveAttribute("role", "option");
  return element!;
}
const activeSymbol = () => activeOption().querySelector(SYMBOL)?.textContent;

test("shows the placeholder and no panel until opened", () => {
  const { trigger } = setup();
  expect(trigger).toHaveTextContent("Select first coin");
  expect(trigger).toHaveAccessibleName("First coin Select first coin");
  expect(trigger).toHaveAttribute("aria-haspopup", "listbox");
  expect(trigger).toHaveAttribute("aria-expanded", "false");
  expect(trigger).toHaveClass("w-full", "focus-visible:ring-[3px]", "focus-visible:ring-ring/50");
  expect(queryCombobox()).toBeNull();
  expect(screen.queryByRole("listbox")).toBeNull();
});

test("the trigger toggles the panel, and opening focuses the search box", async () => {
  const { user, trigger } = setup();
  await user.click(trigger);
  expect(combobox()).toHaveFocus();
  expect(trigger).toHaveAttribute("aria-expanded", "true");
  expect(optionSymbols()).toEqual(["PLS", "PLSX", "HEX", "INC", "PCOCK", "WPLS"]);
  expect(screen.getByRole("listbox")).toHaveClass("max-h-80", "overflow-y-auto");

  await user.click(trigger);
  expect(queryCombobox()).toBeNull();
  expect(trigger).toHaveAttribute("aria-expanded", "false");
});

test("search matches symbols case-insensitively", async () => {
  const { user, trigger } = setup();
  await user.click(trigger);
  await user.type(combobox(), "pls");
  expect(optionSymbols()).toEqual(["PLS", "PLSX", "WPLS"]);
});

test("search matches names case-insensitively", async () => {
  const { user, trigger } = setup();
  await user.click(trigger);
  await user.type(combobox(), "peacock");
  expect(optionSymbols()).toEqual(["PCOCK"]);
  await user.clear(combobox());
  await user.type(combobox(), "PULSE");
  expect(optionSymbols()).toEqual(["PLS", "PLSX", "WPLS"]);
});

test("says 'No cryptocurrencies found' when nothing matches", async () => {
  const { user, trigger } = setup();
  await user.click(trigger);
  expect(screen.queryByText("No cryptocurrencies found")).toBeNull();
  await user.type(combobox(), "zzz");
  expect(screen.getByRole("status")).toHaveTextContent("No cryptocurrencies found");
  expect(screen.queryAllByRole("option")).toHaveLength(0);
  expect(combobox()).not.toHaveAttribute("aria-activedescendant");

  await user.keyboard("{Enter}"); // nothing to choose: stays open, calls nothing
  expect(combobox()).toBeInTheDocument();
});

test("clicking an option chooses it, closes, and clears the search", async () => {
  const { user, onChange, trigger } = setup();
  await user.click(trigger);
  await user.type(combobox(), "pls");
  await user.click(screen.getAllByRole("option")[1]!);

  expect(onChange).toHaveBeenCalledTimes(1);
  expect(onChange).toHaveBeenCalledWith(PLSX);
  expect(queryCombobox()).toBeNull();
  expect(trigger).toHaveFocus();
  expect(trigger).toHaveAccessibleName("First coin PLSX PulseX");

  await user.click(trigger);
  expect(combobox()).toHaveValue("");
  expect(screen.getAllByRole("option")).toHaveLength(COINS.length);
});

test("an outside click closes without choosing", async () => {
  const { user, onChange, trigger } = setup();
  await user.click(trigger);
  await user.type(combobox(), "he");
  await user.click(screen.getByRole("button", { name: "Outside" }));
  expect(queryCombobox()).toBeNull();
  expect(onChange).not.toHaveBeenCalled();
  expect(trigger).toHaveAttribute("aria-expanded", "false");

  // A press inside the panel (on the search box) is not an outside click.
  await user.click(trigger);
  await user.click(combobox());
  expect(combobox()).toBeInTheDocument();
});

test("Escape closes and returns focus to the trigger", async () => {
  const { user, onChange, trigger } = setup();
  await user.click(trigger);
  await user.keyboard("p{Escape}");
  expect(queryCombobox()).toBeNull();
  expect(trigger).toHaveFocus();
  expect(onChange).not.toHaveBeenCalled();
});

test("Tab closes without choosing", async () => {
  const { user, onChange, trigger } = setup();
  await user.click(trigger);
  await user.keyboard("{ArrowDown}");
  await user.tab();
  expect(queryCombobox()).toBeNull();
  expect(onChange).not.toHaveBeenCalled();
  expect(screen.getByRole("button", { name: "Outside" })).toHaveFocus();
});

test("full keyboard flow: focus, ArrowDown opens, type, ArrowDown ×2, Enter chooses", async () => {
  const { user, onChange, trigger } = setup();
  await user.tab();
  expect(trigger).toHaveFocus();
  await user.keyboard("{ArrowDown}");
  expect(combobox()).toHaveFocus();

  await user.keyboard("pulse");
  expect(activeSymbol()).toBe("PLS");
  await user.keyboard("{ArrowDown}{ArrowDown}");
  expect(activeSymbol()).toBe("WPLS");
  await user.keyboard("{Enter}");

  expect(onChange).toHaveBeenCalledTimes(1);
  expect(onChange).toHaveBeenCalledWith(WPLS);
  expect(trigger).toHaveFocus();
  expect(trigger).toHaveAccessibleName("First coin WPLS Wrapped Pulse");
});

test("Enter and Space on the closed trigger open it too", async () => {
  const { user, trigger } = setup();
  act(() => trigger.focus()); // focus is a reach for the selector: it starts loading the panel
  await user.keyboard("{Enter}");
  expect(combobox()).toHaveFocus();
  await user.keyboard("{Escape}");
  await user.keyboard(" ");
  expect(combobox()).toHaveFocus();
});

test("arrows clamp at the ends; Home, End, PageDown and PageUp jump", async () => {
  const coins = MANY.slice(0, 30);
  const { user, trigger } = setup({ coins });
  await user.click(trigger);
  expect(activeSymbol()).toBe("C1");
  await user.keyboard("{ArrowUp}");
  expect(activeSymbol()).toBe("C1"); // clamped, no wrap
  await user.keyboard("{PageDown}");
  expect(activeSymbol()).toBe("C9");
  await user.keyboard("{PageDown}{PageDown}{PageDown}{PageDown}");
  expect(activeSymbol()).toBe("C30"); // clamped to the last
  await user.keyboard("{ArrowDown}");
  expect(activeSymbol()).toBe("C30");
  await user.keyboard("{PageUp}");
  expect(activeSymbol()).toBe("C22");
  await user.keyboard("{Home}");
  expect(activeSymbol()).toBe("C1");
  await user.keyboard("{End}");
  expect(activeSymbol()).toBe("C30");
});

test("combobox, listbox and option ARIA wiring", async () => {
  const { user, trigger } = setup({ initial: HEX });
  await user.click(trigger);

  const listbox = screen.getByRole("listbox", { name: "First coin options" });
  const box = screen.getByRole("combobox", { name: "First coin" });
  expect(box).toHaveAttribute("aria-expanded", "true");
  expect(box).toHaveAttribute("aria-autocomplete", "list");
  expect(box).toHaveAttribute("aria-controls", listbox.id);
  expect(trigger).toHaveAttribute("aria-controls", listbox.id);

  // Opens on the chosen coin, which alone is aria-selected and carries the check icon.
  expect(activeSymbol()).toBe("HEX");
  const options = within(listbox).getAllByRole("option");
  const selected = options.filter((option) => option.getAttribute("aria-selected") === "true");
  expect(selected).toHaveLength(1);
  expect(selected[0]).toHaveAttribute("id", activeOption().id);
  expect(selected[0]!.querySelector("svg.lucide-check")).not.toBeNull();
  expect(options.filter((option) => option.querySelector("svg.lucide-check"))).toHaveLength(1);
  for (const option of options) expect(option).toHaveAttribute("aria-selected");
  expect(new Set(options.map((option) => option.id)).size).toBe(COINS.length);

  // Ids are stable: the same coin keeps its option id when the list is filtered.
  const plsxId = options[1]!.id;
  await user.type(box, "plsx");
  expect(screen.getByRole("option")).toHaveAttribute("id", plsxId);
});

test("a new query resets the active option to the first match; hover moves it", async () => {
  const { user, trigger } = setup();
  await user.click(trigger);
  await user.keyboard("{ArrowDown}");
  expect(activeSymbol()).toBe("PLSX");
  await user.keyboard("e"); // every fixture name has an "e": same list, but the active row resets
  expect(optionSymbols()).toEqual(["PLS", "PLSX", "HEX", "INC", "PCOCK", "WPLS"]);
  expect(activeSymbol()).toBe("PLS");

  await user.hover(screen.getAllByRole("option")[3]!);
  expect(activeSymbol()).toBe("INC");
});

test("each option shows the coin logo, or its first two letters when it has none", async () => {
  const { user, trigger } = setup({ initial: PLS });
  expect(trigger.querySelector("img")).toHaveAttribute("src", "/logos/pls.svg");
  await user.click(trigger);
  const [pls, , , inc] = screen.getAllByRole("option");
  expect(pls!.querySelector("img")).toHaveAttribute("src", "/logos/pls.svg");
  expect(within(pls!).queryByText("PL")).toBeNull();
  expect(inc!.querySelector("img")).toBeNull();
  expect(within(inc!).getByText("IN")).toBeInTheDocument();
});

test("5,000 coins: only a window is rendered, yet End + Enter reaches the last coin", async () => {
  const { user, onChange, trigger } = setup({ coins: MANY });
  await user.click(trigger);
  const initial = screen.getAllByRole("option");
  expect(initial.length).toBeGreaterThan(7); // a viewport's worth of 44 px rows in 320 px
  expect(initial.length).toBeLessThan(60);
  expect(optionSymbols()).not.toContain("C5000");

  await user.keyboard("{End}");
  expect(activeSymbol()).toBe("C5000");
  // The virtualizer scrolled: the rows just above the last are rendered now, the first are not.
  expect(optionSymbols()).toEqual(expect.arrayContaining(["C4995", "C4999", "C5000"]));
  expect(optionSymbols()).not.toContain("C1");
  expect(screen.getAllByRole("option").length).toBeLessThan(60);

  await user.keyboard("{Enter}");
  expect(onChange).toHaveBeenCalledWith(MANY[4999]);
  expect(trigger).toHaveAccessibleName("First coin C5000 Generated coin 5000");
});

test("5,000 coins: a query finds one deep coin", async () => {
  const { user, onChange, trigger } = setup({ coins: MANY });
  await user.click(trigger);
  await user.keyboard("c4321");
  expect(optionSymbols()).toEqual(["C4321"]);
  await user.keyboard("{Enter}");
  expect(onChange).toHaveBeenCalledWith(MANY[4320]);
});

test("5,000 coins: opening starts on a deep chosen coin, scrolled into view", async () => {
  const { user, trigger } = setup({ coins: MANY, initial: MANY[2999]! });
  await user.click(trigger);
  expect(activeSymbol()).toBe("C3000");
  expect(optionSymbols()).toEqual(expect.arrayContaining(["C2998", "C3000", "C3002"]));
  expect(optionSymbols()).not.toContain("C1");
});

test("5,000 coins: scrolling the list away keeps the active option in the DOM", async () => {
  const { user, trigger } = setup({ coins: MANY });
  await user.click(trigger);
  const listbox = screen.getByRole("listbox");
  act(() => {
    listbox.scrollTop = 44 * 2000; // as a mouse wheel would: row 2001 at the top
    listbox.dispatchEvent(new Event("scroll"));
  });
  expect(optionSymbols()).toEqual(expect.arrayContaining(["C2001", "C2005"]));
  // aria-activedescendant must never point at a row the virtualizer dropped.
  expect(activeSymbol()).toBe("C1");
  expect(screen.getAllByRole("option").length).toBeLessThan(60);
});

test("a tag tells coins apart where the symbol does not: a PulseChain copy, and the chain of coins sharing a symbol", async () => {
  const copy = { ...coin("pdai", "pDAI", "pDAI"), tag: "PulseChain copy" };
  const hexEth = { ...coin("hex-eth", "HEX", "HEX"), tag: "Ethereum" };
  const hexPls = { ...HEX, tag: "PulseChain" };
  const { user, trigger } = setup({ coins: [PLS, hexPls, hexEth, copy] });
  await user.click(trigger);
  expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
    expect.stringMatching(/PLS\s*PulseChain$/),
    expect.stringMatching(/HEX\s*HEX\s*PulseChain$/),
    expect.stringMatching(/HEX\s*HEX\s*Ethereum$/),
    expect.stringMatching(/pDAI\s*pDAI\s*PulseChain copy$/),
  ]);
  await user.click(screen.getAllByRole("option")[2]!);
  expect(trigger).toHaveAccessibleName("First coin HEX HEX Ethereum");
});

/** A selector whose list is on its way (as from the network): 'loading' until `arrival` settles. */
function ListOnItsWay({ arrival, onChange }: { arrival: Promise<"ready" | "error">; onChange: (coin: SelectorCoin) => void }) {
  const [status, setStatus] = useState<"loading" | "ready" | "error">("loading");
  useEffect(() => {
    void arrival.then(setStatus);
  }, [arrival]);
  return <CoinSelector coins={status === "ready" ? COINS : []} status={status} value={null} onChange={onChange} placeholder="Select first coin" label="First coin" />;
}

function listOnItsWay() {
  const onChange = jest.fn<void, [SelectorCoin]>();
  let arrive!: (status: "ready" | "error") => void;
  const arrival = new Promise<"ready" | "error">((resolve) => (arrive = resolve));
  render(<ListOnItsWay arrival={arrival} onChange={onChange} />);
  return { onChange, arrive, user: userEvent.setup(), trigger: screen.getByRole("button", { name: /^First coin/ }) };
}

test("Enter while the coin list loads chooses the match once the list is there", async () => {
  const { onChange, arrive, user, trigger } = listOnItsWay();
  await user.click(trigger);
  await user.type(combobox(), "plsx{Enter}");
  expect(screen.getByRole("status")).toHaveTextContent("Loading coins…");
  expect(onChange).not.toHaveBeenCalled();

  arrive("ready");
  await waitFor(() => expect(onChange).toHaveBeenCalledWith(PLSX));
  expect(onChange).toHaveBeenCalledTimes(1);
  expect(queryCombobox()).toBeNull();
  expect(trigger).toHaveFocus();
});

test("Enter while the coin list loads chooses nothing when the list fails", async () => {
  const { onChange, arrive, user, trigger } = listOnItsWay();
  await user.click(trigger);
  await user.type(combobox(), "hex{Enter}");
  arrive("error");
  await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Couldn't load the coin list."));
  expect(onChange).not.toHaveBeenCalled();
  expect(combobox()).toBeInTheDocument();
});
