import { Card } from "@/components/ui/card";

/** The centred card the account pages use for their not-logged-in and empty states. */
export function StateCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="mx-auto w-full max-w-md text-center">
      {/* Not CardContent: its pb-5 would beat py-10 (cn() keeps both classes). */}
      <div data-slot="card-content" className="flex flex-col items-center gap-3 px-5 py-10">
        <h2 className="text-lg font-semibold">{title}</h2>
        {children}
      </div>
    </Card>
  );
}
