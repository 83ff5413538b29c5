import { BellOff, Share, SquarePlus } from "lucide-react";
import { ChannelStatus } from "./channel-status";

/**
 * On an iPhone or iPad outside the Home Screen app (lib/alerts/home-screen.ts): iOS gives Web Push
 * only to a site opened from the Home Screen, so the page says how to get there, in the two steps
 * and with the icons iOS shows. Once there, the same section offers "Turn on browser alerts".
 */
export function AddToHomeScreen() {
  return (
    <div className="flex flex-col gap-3" data-testid="add-to-home-screen">
      <ChannelStatus on={false} icon={BellOff} testId="browser-push-state" title="On iPhone and iPad, alerts come through the Home Screen">
        iOS shows browser alerts only for sites opened from the Home Screen. Add PulseCompare there in two steps:
      </ChannelStatus>
      {/* pl-8: under the status's text, past its icon (size-5 and gap-3). */}
      <ol className="flex list-decimal flex-col gap-2 pl-8 text-sm marker:text-muted-foreground">
        <li>
          Tap <Step icon={Share}>Share</Step> in the browser&apos;s toolbar: at the bottom on an iPhone (or behind <strong>⋯</strong>), at the top on an iPad.
        </li>
        <li>
          Tap <Step icon={SquarePlus}>Add to Home Screen</Step> (scroll the list if it is not in view), then <strong>Add</strong>.
        </li>
      </ol>
      <p className="pl-8 text-sm text-muted-foreground">
        Then open PulseCompare from your Home Screen, log in there (the app keeps its own sign-in), come back to Alerts and turn on browser
        alerts.
      </p>
    </div>
  );
}

function Step({ icon: Icon, children }: { icon: typeof Share; children: string }) {
  return (
    <strong className="inline-flex items-baseline gap-1 whitespace-nowrap">
      {children}
      <Icon className="size-4 self-center" aria-hidden />
    </strong>
  );
}
