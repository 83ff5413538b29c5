import type { LucideIcon } from "lucide-react";

// How an alert channel stands (this browser's notifications, the linked Telegram chat): one icon,
// green when alerts go out on it, a title and what to do. And a write on it that failed.

export function ChannelStatus({
  on,
  icon: Icon,
  testId,
  title,
  children,
}: {
  /** Alerts go out on this channel. */
  on: boolean;
  icon: LucideIcon;
  testId: string;
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex items-start gap-3" data-testid={testId}>
      <Icon className={on ? "mt-0.5 size-5 shrink-0 text-gain" : "mt-0.5 size-5 shrink-0 text-muted-foreground"} aria-hidden />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-medium">{title}</p>
        {children ? <p className="text-sm text-muted-foreground">{children}</p> : null}
      </div>
    </div>
  );
}

/** "Couldn't turn on browser alerts: <the reason>", announced. */
export function ChannelFailure({ failed, children }: { failed: boolean; children: React.ReactNode }) {
  if (!failed) return null;
  return (
    <p role="alert" className="text-sm text-destructive">
      {children}
    </p>
  );
}
