// The header's USD / PLS switch (issue 43, part 3). The unit is kept in a cookie, like the
// cookie consent, and shown as an attribute on <html>, which the stylesheet reads to show each
// figure's dollar or PLS text (components/shell/money.tsx) and which unit this switch shows as
// chosen (app/globals.css). No React state: native radios, which the page's first inline script
// checks and listens to (unit-script.tsx); the keyboard is the browser's own (one tab stop, the
// arrow keys move the choice). The server's HTML never depends on the unit.
import { UNIT_COOKIE, type DisplayUnit } from "@/lib/shared/display-unit";

const UNITS: readonly { value: DisplayUnit; label: string; name: string }[] = [
  { value: "usd", label: "USD", name: "US dollars" },
  { value: "pls", label: "PLS", name: "PLS" },
];

/** Its look is in app/globals.css (`.unit-switch`): every page's HTML and RSC payload carry these elements. */
export function UnitSwitch() {
  return (
    <div role="radiogroup" aria-label="Show prices and market caps in" className="unit-switch" data-testid="unit-switch">
      {UNITS.map((unit) => (
        <label key={unit.value} data-unit-choice={unit.value} className="unit-choice">
          <input type="radio" name={UNIT_COOKIE} value={unit.value} aria-label={unit.name} />
          {unit.label}
        </label>
      ))}
    </div>
  );
}
