"use client";

import { useMutation, useQuery, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { BellOff, BellRing, Send, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { PUSH_SUBSCRIPTION_LIMIT } from "@/lib/alerts/schemas";
import { apiKey } from "@/lib/api/endpoint-queries.browser";
import { ApiCallError } from "@/lib/api/fetch-json.browser";
import { formatDay } from "@/lib/shared/format";
import { BROWSER_PUSH_KEY, usePushSubscriptions, useRemovePushSubscription, useTestNotification, useVapidKey } from "./alert-queries";
import { AddToHomeScreen } from "./add-to-home-screen";
import { homeScreenHere, pushSupported, readBrowserPush, turnOffPush, turnOnPush, type BrowserPush, type TurnOnResult } from "./browser-push";
import { ChannelFailure, ChannelStatus } from "./channel-status";
import { SectionError, SectionSpinner } from "./section-states";

/** This browser's notifications, then every browser of the user's that receives alerts. */
export function PushSettings({ userId }: { userId: number }) {
  const subscriptions = usePushSubscriptions(userId);
  const listedIds = subscriptions.data?.map((row) => row.id) ?? null;
  // Read once the server's list is known: "on" means subscribed here and listed there.
  const browser = useQuery({
    queryKey: [...BROWSER_PUSH_KEY, userId, listedIds],
    queryFn: () => readBrowserPush(listedIds ?? []),
    enabled: listedIds !== null && pushSupported(),
  });
  return (
    <div className="flex flex-col gap-5">
      <ThisBrowser browser={browser} list={subscriptions.status} />
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">Browsers that receive your alerts</h3>
        <p className="text-sm text-muted-foreground">Up to {PUSH_SUBSCRIPTION_LIMIT} browsers: adding another replaces the oldest.</p>
        <BrowserList userId={userId} thisId={browser.data?.kind === "on" ? browser.data.subscriptionId : null} />
      </div>
    </div>
  );
}

function ThisBrowser({ browser, list }: { browser: UseQueryResult<BrowserPush>; list: "pending" | "error" | "success" }) {
  const vapid = useVapidKey();
  // On an iPhone or iPad outside the Home Screen app there is no Web Push to offer (Safari hides
  // it), only the way to the app where there is: that changes what is shown, never the push code.
  const homeScreen = homeScreenHere();
  if (homeScreen !== "add-to-home-screen" && !pushSupported()) {
    return homeScreen === "home-screen-app" ? (
      <Status icon="off" title="This iPhone or iPad can't show alerts yet">
        Browser alerts need iOS or iPadOS 16.4 or later. Update it in Settings, then open PulseCompare from the Home Screen again.
      </Status>
    ) : (
      <Status icon="off" title="This browser can't show alerts">
        It has no Web Push. Chrome, Edge, Firefox and Safari can (on an iPhone or iPad, add this site to the Home Screen first and open it from
        there).
      </Status>
    );
  }
  if (vapid.isPending) return <SectionSpinner label="Loading browser alerts" />;
  if (vapid.isError) return <SectionError message="Couldn't check whether browser alerts are available." onRetry={() => void vapid.refetch()} />;
  const publicKey = vapid.data.publicKey;
  if (publicKey === null) {
    return (
      <Status icon="off" title="Browser alerts are not available on this site">
        The site has not been set up to send them. Your alerts are still listed below when they fire.
      </Status>
    );
  }
  // Only once the site can send: two steps for nothing would be worse than no offer.
  if (homeScreen === "add-to-home-screen") return <AddToHomeScreen />;
  // The list's own error (below) carries the retry, which brings this back too.
  if (list === "error") return <Status icon="off" title="Couldn't check whether this browser receives your alerts" />;
  if (list === "pending" || browser.isPending) return <SectionSpinner label="Checking this browser" />;
  if (browser.isError) return <SectionError message="Couldn't read this browser's notification settings." onRetry={() => void browser.refetch()} />;
  switch (browser.data.kind) {
    case "unsupported":
      return null; // pushSupported() said so above
    case "blocked":
      return <Blocked />;
    case "off":
      return <TurnOn publicKey={publicKey} />;
    case "on":
      return <TurnOff subscriptionId={browser.data.subscriptionId} />;
  }
}

function Status({ icon, title, children }: { icon: "on" | "off"; title: string; children?: React.ReactNode }) {
  return (
    <ChannelStatus on={icon === "on"} icon={icon === "on" ? BellRing : BellOff} testId="browser-push-state" title={title}>
      {children}
    </ChannelStatus>
  );
}

function Blocked() {
  return (
    <Status icon="off" title="Notifications are blocked for this site">
      Your browser&apos;s settings block them, and only you can change that: open the site settings (the icon left of the address) and set
      Notifications to Allow, then reload this page.
    </Status>
  );
}

/** Re-reads this browser's state and the server's list after a change to either. */
function useRefreshPush() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: apiKey("pushSubscriptions") }), queryClient.invalidateQueries({ queryKey: BROWSER_PUSH_KEY })]);
}

function TurnOn({ publicKey }: { publicKey: string }) {
  const refresh = useRefreshPush();
  const turnOn = useMutation<TurnOnResult, Error>({
    mutationFn: () => turnOnPush(publicKey),
    onSuccess: async (result) => {
      await refresh();
      if (result.kind === "on") toast({ title: "Browser alerts on", description: "This browser will show your alerts." });
    },
  });
  return (
    <div className="flex flex-col items-start gap-3">
      <Status icon="off" title="Browser alerts are off in this browser">
        Turn them on to be told here when an alert fires, even with this site closed. Your browser will ask for permission.
      </Status>
      <Button onClick={() => turnOn.mutate()} disabled={turnOn.isPending}>
        <BellRing aria-hidden />
        Turn on browser alerts
      </Button>
      {turnOn.data?.kind === "dismissed" ? (
        <p role="alert" className="text-sm">
          Notifications were not allowed. Press the button again to be asked again.
        </p>
      ) : null}
      <ChannelFailure failed={turnOn.isError}>Couldn&apos;t turn on browser alerts: {turnOn.error?.message}</ChannelFailure>
    </div>
  );
}

function TurnOff({ subscriptionId }: { subscriptionId: number }) {
  const refresh = useRefreshPush();
  const turnOff = useMutation({
    mutationFn: () => turnOffPush(subscriptionId),
    onSuccess: async () => {
      await refresh();
      toast({ title: "Browser alerts off", description: "This browser will no longer show your alerts." });
    },
  });
  return (
    <div className="flex flex-col items-start gap-3">
      <Status icon="on" title="Browser alerts are on in this browser" />
      <Button variant="outline" onClick={() => turnOff.mutate()} disabled={turnOff.isPending}>
        <BellOff aria-hidden />
        Turn off
      </Button>
      <ChannelFailure failed={turnOff.isError}>Couldn&apos;t turn off browser alerts: {turnOff.error?.message}</ChannelFailure>
    </div>
  );
}

function BrowserList({ userId, thisId }: { userId: number; thisId: number | null }) {
  const subscriptions = usePushSubscriptions(userId);
  if (subscriptions.isPending) return <SectionSpinner label="Loading your browsers" />;
  if (subscriptions.isError) return <SectionError message="Couldn't load your browsers." onRetry={() => void subscriptions.refetch()} />;
  if (subscriptions.data.length === 0) {
    return <p className="text-sm text-muted-foreground">No browser receives your alerts yet. Turn them on above, in each browser you use.</p>;
  }
  return (
    <div className="flex flex-col items-start gap-3">
      <ul className="flex w-full flex-col divide-y" aria-label="Your browsers">
        {subscriptions.data.map((row) => (
          <BrowserRow key={row.id} id={row.id} label={row.label} createdAt={row.createdAt} current={row.id === thisId} />
        ))}
      </ul>
      <TestButton />
    </div>
  );
}

function BrowserRow({ id, label, createdAt, current }: { id: number; label: string; createdAt: string; current: boolean }) {
  const remove = useRemovePushSubscription({
    onSuccess: () => toast({ title: "Browser removed", description: `${label} will no longer receive your alerts.` }),
    onError: () => void toast({ title: "Error", description: "Failed to remove the browser.", variant: "destructive" }),
  });
  return (
    <li className="flex items-center justify-between gap-3 py-2" data-testid="push-subscription">
      <span className="min-w-0">
        {/* Wraps rather than truncates: at 360 px "(this browser)" is the part that matters. */}
        <span className="flex flex-wrap items-baseline gap-x-2 font-medium">
          <span className="min-w-0 break-words">{label}</span>
          {current ? <span className="text-xs font-normal text-muted-foreground">(this browser)</span> : null}
        </span>
        <span className="block text-xs text-muted-foreground">Added {formatDay(createdAt)}</span>
      </span>
      <Button variant="ghost" size="sm" onClick={() => remove.mutate(id)} disabled={remove.isPending} aria-label={`Remove ${label}`}>
        <Trash2 aria-hidden />
        Remove
      </Button>
    </li>
  );
}

/** Past its budget (5 in 10 minutes) the server's words say when to try again; anything else is a failure. */
function testErrorText(error: Error): string {
  if (error instanceof ApiCallError && error.code === "rate_limited") return `${error.message} (at most 5 test notifications in 10 minutes)`;
  return "Failed to send a test notification.";
}

function TestButton() {
  const test = useTestNotification();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={test.isPending}
      onClick={() =>
        test.mutate(
          {},
          {
            onSuccess: (result) => toast(testToast(result)),
            onError: (error) => void toast({ title: "Error", description: testErrorText(error), variant: "destructive" }),
          },
        )
      }
    >
      <Send aria-hidden />
      Send a test notification
    </Button>
  );
}

const browsers = (count: number) => `${count} browser${count === 1 ? "" : "s"}`;

function testToast({ subscriptions, sent, failed }: { subscriptions: number; sent: number; failed: number }) {
  if (subscriptions === 0) return { title: "No browser to send to", description: "Turn on browser alerts first." };
  if (failed === 0) return { title: "Test notification sent", description: `Sent to ${browsers(sent)}.` };
  return { title: "Test notification sent", description: `Sent to ${browsers(sent)}; ${browsers(failed)} failed.`, variant: "destructive" as const };
}
