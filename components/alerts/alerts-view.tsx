"use client";

import { SignedInOnly } from "@/components/shell/signed-in-only";
import { HomeSection } from "@/components/shell/home-section";
import { FiringList } from "./firing-list";
import { PushSettings } from "./push-settings";
import { RuleList } from "./rule-list";
import { TelegramSettings } from "./telegram-settings";

const SECTIONS = [
  { title: "Browser alerts", id: "browser-alerts", Body: PushSettings },
  { title: "Telegram", id: "telegram-alerts", Body: TelegramSettings },
  { title: "Your alerts", id: "alert-rules", Body: RuleList },
  { title: "Recent alerts", id: "alert-firings", Body: FiringList },
];

/**
 * The /alerts page (issue 39 item 5): behind the sign-in like the other account pages, then three
 * sections that load (and fail) on their own: this browser's notifications and the user's
 * browsers, the linked Telegram chat, the rules, and what fired.
 */
export function AlertsView() {
  return (
    <SignedInOnly loginMessage="Please log in to view your alerts." returnTo="/alerts">
      {(user) => (
        <div className="flex flex-col gap-6">
          {SECTIONS.map(({ title, id, Body }) => (
            <HomeSection key={id} title={title} id={id}>
              <Body userId={user.id} />
            </HomeSection>
          ))}
        </div>
      )}
    </SignedInOnly>
  );
}
