"use client";

// A plan card's "Contact" button: the only client component on the Get Listed page, and a plain
// button until it is used. The "Contact Us" dialog's code (contact-dialog.tsx: Radix, its icons)
// loads with the first click, so the page's first load and hydration carry none of it (issue 53);
// the dialog opens once it arrives, and focus returns here when it closes.
import { lazy, Suspense } from "react";
import { Button } from "@/components/ui/button";
import { useLazyDialog } from "@/components/shell/use-lazy-dialog";
import type { ContactLinks } from "./contact-channels";

const ContactDialog = lazy(() => import("./contact-dialog").then((module) => ({ default: module.ContactDialog })));

export function ContactButton({
  describedBy,
  highlighted = false,
  links,
}: {
  /** Id of the card heading, so screen readers announce which plan the button is for. */
  describedBy?: string;
  /** The recommended plan's button uses the primary colour. */
  highlighted?: boolean;
  /** The channels the server is configured for (lib/listings/contact-links.server.ts); the rest say "Coming Soon". */
  links?: ContactLinks;
}) {
  const { wanted, trigger, dialog } = useLazyDialog();
  return (
    <>
      <Button className="w-full" variant={highlighted ? "default" : "secondary"} aria-describedby={describedBy} {...trigger}>
        Contact
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <ContactDialog links={links} {...dialog} />
        </Suspense>
      ) : null}
    </>
  );
}
