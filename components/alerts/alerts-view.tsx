"use client";

import { SignedInOnly } from "@/components/shell/signed-in-only";
import { HomeSection } from "@/components/shell/home-section";
import { FiringList } from "./firing-list";
import { PushSettings } from "./push-settings";
import { RuleList } from "./rule-list";
import { TelegramSettings } from "./telegram-settings";

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
          <HomeSection title="Browser alerts" id="browser-alerts">
            <PushSettings userId={user.id} />
          </HomeSection>
          <HomeSection title="Telegram" id="telegram-alerts">
            <TelegramSettings userId={user.id} />
          </HomeSection>
          <HomeSection title="Your alerts" id="alert-rules">
            <RuleList userId={user.id} />
          </HomeSection>
          <HomeSection title="Recent alerts" id="alert-firings">
            <FiringList userId={user.id} />
          </HomeSection>
        </div>
      )}
    </SignedInOnly>
  );
}
