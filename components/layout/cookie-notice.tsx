"use client";

// The cookie notice's markup and buttons, loaded by cookie-banner.tsx only when no consent is stored.
import { Button } from "@/components/ui/button";
import { LineIcon } from "@/components/ui/line-icon";
import { CROSS } from "@/components/ui/line-icons";

export function CookieNotice({ onAccept, onClose }: { onAccept: () => void; onClose: () => void }) {
  return (
    <div
      role="region"
      aria-label="Cookie notice"
      className="fixed inset-x-0 bottom-0 z-50 border-t bg-card/95 backdrop-blur"
    >
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3 text-sm">
        <p className="flex-1">This website uses cookies to enhance the user experience.</p>
        <Button size="sm" onClick={onAccept}>
          I understand
        </Button>
        <Button size="icon" variant="ghost" onClick={onClose} aria-label="Close cookie notice">
          <LineIcon icon={CROSS} />
        </Button>
      </div>
    </div>
  );
}
