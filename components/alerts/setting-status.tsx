// One channel's state on /alerts (this browser's push, the Telegram chat): an icon, on or off, a
// title and a line of explanation.
import type { LucideIcon } from "lucide-react";

export type SettingStatusProps = { icon: "on" | "off"; title: string; children?: React.ReactNode };

export function SettingStatus({ icon, title, children, icons, testId }: SettingStatusProps & { icons: Record<"on" | "off", LucideIcon>; testId: string }) {
  const Icon = icons[icon];
  return (
    <div className="flex items-start gap-3" data-testid={testId}>
      <Icon className={icon === "on" ? "mt-0.5 size-5 shrink-0 text-gain" : "mt-0.5 size-5 shrink-0 text-muted-foreground"} aria-hidden />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-medium">{title}</p>
        {children ? <p className="text-sm text-muted-foreground">{children}</p> : null}
      </div>
    </div>
  );
}
