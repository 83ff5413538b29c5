"use client";

// The /alerts page's Telegram section (issue 40 item 2): the user's linked chat. "Connect Telegram"
// asks for a one-time link (10 minutes, single use), shows it as a button that opens the bot, and
// reads the link's status every few seconds until the chat is linked or the link expires.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MessageCircle, MessageCircleOff, Send, Unlink } from "lucide-react";
import { useEffect, useState } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/use-toast";
import { apiKey, apiMutation, apiQuery } from "@/lib/api/endpoint-queries.browser";
import { formatDay } from "@/lib/shared/format";
import type { TelegramConnect, TelegramLinkView } from "@/lib/telegram/schemas";
import { formatUtcTime } from "./alert-text";
import { ChannelFailure, ChannelStatus } from "./channel-status";
import { SectionError, SectionSpinner } from "./section-states";

const telegramEndpoints = () => import("@/lib/telegram/endpoints");

/** How often the status is read while a one-time link is open: the chat links when /start arrives. */
export const TELEGRAM_POLL_MS = 3_000;

export function TelegramSettings({ userId }: { userId: number }) {
  const [offered, setOffered] = useState<TelegramConnect | null>(null);
  const expired = useExpired(offered?.expiresAt ?? null);
  const waiting = offered !== null && !expired;
  const link = useQuery({ ...apiQuery(telegramEndpoints, "telegramLink", { scope: [userId] }), refetchInterval: waiting ? TELEGRAM_POLL_MS : false });
  const linked = link.data?.status === "linked";

  // Linked while a link was on offer: the offer is spent (adjusted during render, as React
  // advises for state derived from a change), and the linked view announces it once.
  const [justLinked, setJustLinked] = useState(false);
  if (offered && linked) {
    setOffered(null);
    setJustLinked(true);
  }

  if (link.isPending) return <SectionSpinner label="Loading Telegram alerts" />;
  if (link.isError) return <SectionError message="Couldn't load your Telegram link." onRetry={() => void link.refetch()} />;
  const view = link.data;
  if (view.botUsername === null) {
    return (
      <Status icon="off" title="Telegram alerts are not available on this site">
        The site has no Telegram bot set up. Your alerts are still listed below when they fire.
      </Status>
    );
  }
  if (view.status === "linked") return <Linked since={view.since} announce={justLinked} />;
  return <Connect view={view} offered={offered} expired={expired} onOffered={setOffered} />;
}

/** True once `expiresAt` has passed (re-rendering at that moment). */
function useExpired(expiresAt: string | null): boolean {
  const [expiredAt, setExpiredAt] = useState<string | null>(null);
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setTimeout(() => setExpiredAt(expiresAt), Math.max(0, new Date(expiresAt).getTime() - Date.now()));
    return () => clearTimeout(timer);
  }, [expiresAt]);
  return expiresAt !== null && expiredAt === expiresAt;
}

function Status({ icon, title, children }: { icon: "on" | "off"; title: string; children?: React.ReactNode }) {
  return (
    <ChannelStatus on={icon === "on"} icon={icon === "on" ? MessageCircle : MessageCircleOff} testId="telegram-state" title={title}>
      {children}
    </ChannelStatus>
  );
}

function statusOf(view: TelegramLinkView) {
  const since = view.since ? ` on ${formatDay(view.since)}` : "";
  switch (view.status) {
    case "blocked":
      return {
        title: "Telegram alerts stopped: the bot was blocked in the chat",
        text: `Telegram told us the chat no longer accepts the bot's messages${since}, so alerts stopped going there. Connect again to link a chat.`,
      };
    case "stopped":
      return { title: "Telegram is not linked", text: `The chat was unlinked${since}. Connect again to receive your alerts in Telegram.` };
    default:
      return { title: "Telegram is not linked", text: "Connect a Telegram chat to receive your alerts there, with a button to each alert's page." };
  }
}

function Connect({ view, offered, expired, onOffered }: { view: TelegramLinkView; offered: TelegramConnect | null; expired: boolean; onOffered: (link: TelegramConnect) => void }) {
  const connect = useMutation({ ...apiMutation(telegramEndpoints, "connectTelegram"), onSuccess: onOffered });
  const { title, text } = statusOf(view);
  const again = view.status !== "none" || expired;
  return (
    <div className="flex flex-col items-start gap-3">
      <Status icon="off" title={title}>
        {text}
      </Status>
      {offered && !expired ? (
        <div className="flex flex-col items-start gap-2" data-testid="telegram-offer">
          <a href={offered.url} target="_blank" rel="noopener noreferrer" className={buttonVariants()}>
            <Send aria-hidden />
            Open Telegram
          </a>
          <p role="status" className="text-sm text-muted-foreground">
            Open the link and press Start in the chat with @{view.botUsername}. It works once, until {formatUtcTime(offered.expiresAt)}; this page
            updates when the chat is linked.
          </p>
        </div>
      ) : (
        <Button onClick={() => connect.mutate({})} disabled={connect.isPending}>
          <MessageCircle aria-hidden />
          {again ? "Connect Telegram again" : "Connect Telegram"}
        </Button>
      )}
      {expired && offered ? <p className="text-sm">The link expired before the chat was linked. Connect again for a new one.</p> : null}
      <ChannelFailure failed={connect.isError}>Couldn&apos;t create a Telegram link: {connect.error?.message}</ChannelFailure>
    </div>
  );
}

function Linked({ since, announce }: { since: string | null; announce: boolean }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (announce) toast({ title: "Telegram linked", description: "Your alerts will arrive in that chat." });
  }, [announce]);
  const [confirming, setConfirming] = useState(false);
  const unlink = useMutation({
    ...apiMutation(telegramEndpoints, "unlinkTelegram"),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: apiKey("telegramLink") });
      toast({ title: "Telegram disconnected", description: "Alerts no longer go to that chat." });
    },
    onError: () => void toast({ title: "Error", description: "Failed to disconnect Telegram.", variant: "destructive" }),
  });
  return (
    <div className="flex flex-col items-start gap-3">
      <Status icon="on" title="Linked to a Telegram chat">
        {since ? `Since ${formatDay(since)}. ` : ""}Your alerts arrive there; /alerts in the chat lists them and /stop unlinks it.
      </Status>
      <Button variant="outline" onClick={() => setConfirming(true)} disabled={unlink.isPending}>
        <Unlink aria-hidden />
        Disconnect
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Disconnect Telegram?"
        description="Alerts will stop going to the linked chat. You can connect a chat again at any time."
        action="Disconnect"
        onConfirm={() => unlink.mutate({})}
      />
    </div>
  );
}
