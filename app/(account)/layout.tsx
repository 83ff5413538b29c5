import { QueryProvider } from "@/components/shell/query-provider";

/**
 * The signed-in pages' shell (/admin, /alerts, /orders, /saved, /watchlist; the route group adds
 * nothing to their URLs): a column of the page's heading and its view, which reads the user's
 * data in the browser with the query client. /portfolio is not here: it is a public page, the
 * same for everyone, that reads nothing signed in.
 */
export default function AccountLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-8">
      <QueryProvider>{children}</QueryProvider>
    </div>
  );
}
