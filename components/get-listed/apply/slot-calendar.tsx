"use client";

// The Homepage Compare calendar: one month at a time, each day with its free featured seats (the
// home page shows at most 2 comparisons at once), and the start days a slot of the chosen length
// can take. A day that cannot start it stays focusable (aria-disabled), so the arrow keys walk
// every day and a screen reader hears why it is not offered.
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useId, useMemo } from "react";
import { Button } from "@/components/ui/button";
import { formatDay } from "@/lib/shared/format";
import { cn } from "@/lib/shared/class-names";
import { canStart, freeByDay, monthGrids, slotDays, type CalendarDay } from "./slot-days";
import { useDayFocus } from "./use-day-focus";

const WEEKDAYS = [
  ["Sun", "Sunday"],
  ["Mon", "Monday"],
  ["Tue", "Tuesday"],
  ["Wed", "Wednesday"],
  ["Thu", "Thursday"],
  ["Fri", "Friday"],
  ["Sat", "Saturday"],
] as const;

type Props = {
  /** From tomorrow (UTC), in order. */
  days: readonly CalendarDay[];
  /** Featured seats a day has in all. */
  seats: number;
  /** The slot's length in days. */
  length: number;
  /** The chosen start day, or null. */
  value: string | null;
  onChange: (start: string) => void;
  describedBy?: string;
};

export function SlotCalendar({ days, seats, length, value, onChange, describedBy }: Props) {
  const free = useMemo(() => freeByDay(days), [days]);
  const first = days[0]!.day;
  const last = days[days.length - 1]!.day;
  const months = useMemo(() => monthGrids(first, last), [first, last]);
  const { focusDay, setFocusDay, onKeyDown, register } = useDayFocus(
    first,
    last,
    () => value ?? days.find((d) => canStart(free, d.day, length))?.day ?? first,
  );
  const titleId = useId();

  const monthIndex = Math.max(0, months.findIndex((month) => month.key === focusDay.slice(0, 7)));
  const month = months[monthIndex]!;
  const chosen = new Set(value ? slotDays(value, length) : []);
  // Shows another month without taking focus from the button that asked.
  const showMonth = (index: number) => {
    const target = months[index]!;
    setFocusDay(target.key === first.slice(0, 7) ? first : `${target.key}-01`);
  };

  return (
    <div className="flex flex-col gap-3" data-testid="slot-calendar">
      <MonthNav
        title={month.title}
        titleId={titleId}
        onPrevious={monthIndex === 0 ? null : () => showMonth(monthIndex - 1)}
        onNext={monthIndex === months.length - 1 ? null : () => showMonth(monthIndex + 1)}
      />
      <table className="w-full table-fixed border-separate border-spacing-1 text-center" aria-labelledby={titleId} aria-describedby={describedBy} onKeyDown={onKeyDown}>
        <WeekdayHead />
        <tbody>
          {month.weeks.map((week, w) => (
            <tr key={w}>
              {week.map((day, d) => (
                <td key={day ?? `pad-${d}`} className="p-0">
                  {day === null ? null : day < first || day > last ? (
                    // Today and earlier, or past the 90 days: not on sale.
                    <span className="block py-2 text-sm text-muted-foreground/50">{Number(day.slice(8))}</span>
                  ) : (
                    <DayButton
                      day={day}
                      free={free.get(day) ?? 0}
                      seats={seats}
                      startable={canStart(free, day, length)}
                      length={length}
                      inSlot={chosen.has(day)}
                      isStart={day === value}
                      focusable={day === focusDay}
                      register={register(day)}
                      onPick={() => {
                        setFocusDay(day);
                        onChange(day);
                      }}
                    />
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-xs text-muted-foreground">Days are UTC. Use the arrow keys to move between days.</p>
    </div>
  );
}

function WeekdayHead() {
  return (
    <thead>
      <tr>
        {WEEKDAYS.map(([short, long]) => (
          <th key={short} scope="col" abbr={long} className="text-xs font-normal text-muted-foreground">
            {short}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The month shown, with buttons to the previous and next (null where there is none). */
function MonthNav({ title, titleId, onPrevious, onNext }: { title: string; titleId: string; onPrevious: (() => void) | null; onNext: (() => void) | null }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <Button type="button" variant="ghost" size="icon" aria-label="Previous month" disabled={!onPrevious} onClick={() => onPrevious?.()}>
        <ChevronLeft aria-hidden />
      </Button>
      <h4 id={titleId} className="font-medium" aria-live="polite">
        {title}
      </h4>
      <Button type="button" variant="ghost" size="icon" aria-label="Next month" disabled={!onNext} onClick={() => onNext?.()}>
        <ChevronRight aria-hidden />
      </Button>
    </div>
  );
}

function DayButton(props: {
  day: string;
  free: number;
  seats: number;
  startable: boolean;
  length: number;
  inSlot: boolean;
  isStart: boolean;
  focusable: boolean;
  register: (node: HTMLButtonElement | null) => void;
  onPick: () => void;
}) {
  const { day, free, seats, startable, length, inSlot, isStart, focusable, register, onPick } = props;
  const seatsText = free === 0 ? "Full" : `${free} free`;
  const why = startable ? "" : free === 0 ? ", no slot left" : `, not every day of a ${length}-day slot from here is free`;
  return (
    <button
      type="button"
      ref={register}
      tabIndex={focusable ? 0 : -1}
      aria-pressed={isStart}
      aria-disabled={!startable}
      aria-label={`${formatDay(`${day}T00:00:00Z`)}: ${free} of ${seats} slots free${why}`}
      data-day={day}
      onClick={() => startable && onPick()}
      className={cn(
        "flex h-12 w-full flex-col items-center justify-center rounded-md border text-sm tabular-nums outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        startable ? "hover:border-primary" : "cursor-not-allowed text-muted-foreground",
        // One background per state: cn() keeps both of two conflicting classes.
        isStart ? "border-primary bg-primary font-semibold text-primary-foreground" : inSlot && "border-primary bg-primary/15",
      )}
    >
      <span className="leading-none">{Number(day.slice(8))}</span>
      <span className={cn("mt-1 text-[10px] leading-none", !isStart && "text-muted-foreground")}>{seatsText}</span>
    </button>
  );
}
