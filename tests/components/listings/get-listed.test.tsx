import { render, screen, within } from "@testing-library/react";
import GetListedPage, { metadata } from "@/app/get-listed/page";

function card(title: string): HTMLElement {
  const heading = screen.getByRole("heading", { level: 3, name: title });
  const el = heading.closest<HTMLElement>('[data-testid="price-card"]');
  if (!el) throw new Error(`no card for ${title}`);
  return el;
}

function featuresOf(title: string): string[] {
  return within(within(card(title)).getByRole("list")).getAllByRole("listitem").map((li) => li.textContent ?? "");
}

test("shows the spec's heading, subtitle and section headings", () => {
  render(<GetListedPage />);
  expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(/^GET LISTED$/);
  expect(screen.getByText("Promote your cryptocurrency to thousands of investors")).toBeInTheDocument();
  expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
    "Homepage Compare",
    "Listing",
    "Promotion",
  ]);
});

test("prices the three Homepage Compare slots", () => {
  render(<GetListedPage />);
  const section = screen.getByRole("region", { name: "Homepage Compare" });
  const cards = within(section).getAllByTestId("price-card");
  expect(cards.map((c) => within(c).getByRole("heading").textContent)).toEqual(["1 Day", "3 Days", "1 Week"]);
  expect(within(cards[0]!).getByText("$100")).toBeInTheDocument();
  expect(within(cards[1]!).getByText("$250")).toBeInTheDocument();
  expect(within(cards[2]!).getByText("$475")).toBeInTheDocument();
  for (const c of cards) expect(within(c).getByRole("button", { name: "Contact" })).toBeInTheDocument();
});

test("lists the plans in order with their prices and features, Enhanced recommended", () => {
  render(<GetListedPage />);
  const section = screen.getByRole("region", { name: "Listing" });
  const cards = within(section).getAllByTestId("price-card");
  expect(cards.map((c) => within(c).getByRole("heading").textContent)).toEqual(["Basic+", "Enhanced", "Target"]);

  expect(within(card("Basic+")).getByText("$135")).toBeInTheDocument();
  expect(within(card("Enhanced")).getByText("$225")).toBeInTheDocument();
  expect(within(card("Target")).getByText("$185")).toBeInTheDocument();

  expect(featuresOf("Basic+")).toEqual(["Website listing", "Listed post on X"]);
  expect(featuresOf("Enhanced")).toEqual(["Website listing", "Listed post on X", "2 compare posts on X"]);
  expect(featuresOf("Target")).toEqual(["Website listing", "Listed post on X", "1 compare post on X"]);
  // Every feature line carries a check icon.
  for (const title of ["Basic+", "Enhanced", "Target"]) {
    for (const li of within(within(card(title)).getByRole("list")).getAllByRole("listitem")) {
      expect(li.querySelector("svg")).not.toBeNull();
    }
  }

  expect(screen.getAllByText("Recommended")).toHaveLength(1);
  expect(within(card("Enhanced")).getByText("Recommended")).toBeInTheDocument();
  expect(card("Enhanced")).toHaveAttribute("data-recommended", "true");
  expect(card("Basic+")).not.toHaveAttribute("data-recommended");
});

test("renders all six prices and six Contact buttons", () => {
  render(<GetListedPage />);
  for (const price of ["$100", "$250", "$475", "$135", "$225", "$185"]) {
    expect(screen.getByText(price)).toBeInTheDocument();
  }
  const buttons = screen.getAllByRole("button", { name: "Contact" });
  expect(buttons).toHaveLength(6);
  // Each button is described by its card's heading so screen readers know which plan it is for.
  expect(buttons[3]).toHaveAccessibleDescription("Basic+");
});

test("exports indexable metadata with a canonical URL", () => {
  expect(metadata.title).toBe("Get Listed");
  expect(metadata.alternates?.canonical).toBe("/get-listed");
  expect(metadata.description).toBe(
    "Promote your PulseChain coin to thousands of investors: a featured Homepage Compare slot from $100 or a listing plan from $135.",
  );
  expect(metadata.openGraph).toMatchObject({
    title: "Get Listed | PulseCompare",
    url: "/get-listed",
    type: "website",
    description: metadata.description,
  });
});
