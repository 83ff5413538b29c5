// Picks a coin in a CoinSelector the way a user does: open it, type, click the option.
import { screen, within } from "@testing-library/react";
import type userEvent from "@testing-library/user-event";

export async function chooseCoin(
  user: ReturnType<typeof userEvent.setup>,
  trigger: RegExp,
  symbol: string,
  container: HTMLElement = document.body,
): Promise<void> {
  await user.click(within(container).getByRole("button", { name: trigger }));
  await user.type(screen.getByRole("combobox"), symbol);
  await user.click(screen.getByRole("option", { name: new RegExp(`^${symbol}`) }));
}
