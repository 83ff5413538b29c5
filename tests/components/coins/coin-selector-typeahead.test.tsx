// Keys typed into a selector opened before its panel's code arrived are kept for the search box.
// A file of its own: the panel's code loads once per test file, and here it must not be loaded yet.
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { CoinSelector, type SelectorCoin } from "@/components/coins/coin-selector";
import { useListboxLayout } from "@/tests/helpers/listbox-layout";

useListboxLayout();

const coins: SelectorCoin[] = [
  { id: "pls", symbol: "PLS", name: "PulseChain", logoUrl: null },
  { id: "plsx", symbol: "PLSX", name: "PulseX", logoUrl: null },
  { id: "hex", symbol: "HEX", name: "HEX", logoUrl: null },
];

function Harness({ onChange }: { onChange: (coin: SelectorCoin) => void }) {
  const [value, setValue] = useState<SelectorCoin | null>(null);
  return (
    <CoinSelector
      coins={coins}
      value={value}
      onChange={(coin) => {
        setValue(coin);
        onChange(coin);
      }}
      placeholder="Select first coin"
      label="First coin"
    />
  );
}

test("typing and Enter while the panel's code loads choose the match once it is there", async () => {
  const onChange = jest.fn();
  render(<Harness onChange={onChange} />);
  const trigger = screen.getByRole("button", { name: /First coin/ });
  // All in one go, before the panel's code (a dynamic import) can have arrived.
  act(() => {
    trigger.focus();
    fireEvent.keyDown(trigger, { key: "ArrowDown" });
  });
  expect(screen.getByRole("status")).toHaveTextContent("Loading coins…");
  for (const key of ["p", "l", "s", "z", "Backspace", "x"]) fireEvent.keyDown(trigger, { key });
  fireEvent.keyDown(trigger, { key: "Enter" });
  await waitFor(() => expect(onChange).toHaveBeenCalledWith(coins[1]));
  expect(onChange).toHaveBeenCalledTimes(1);
  expect(screen.getByRole("button", { name: /First coin/ })).toHaveTextContent("PLSX");
  expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
});
