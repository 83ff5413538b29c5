import { Card, CardContent } from "@/components/ui/card";

/** The centred card the account pages use for their not-logged-in and empty states. */
export function StateCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="mx-auto w-full max-w-md text-center">
      <CardContent className="flex flex-col items-center gap-3 py-10">
        <h2 className="text-lg font-semibold">{title}</h2>
        {children}
      </CardContent>
    </Card>
  );
}
