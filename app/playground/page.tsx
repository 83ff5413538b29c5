import type { Metadata } from "next";
import { Playground } from "@/components/playground/playground";
import { getCoinSnapshot } from "@/lib/coins/snapshot.server";

export const metadata: Metadata = {
  title: "Playground",
  description: "Monitor and analyze your favorite coins on the same page: many market-cap comparisons side by side.",
  alternates: { canonical: "/playground" },
};

export default async function PlaygroundPage() {
  const { indexVersion } = await getCoinSnapshot();
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">PLAYGROUND</h1>
        <p className="mt-1 text-muted-foreground">Monitor and analyze your favorite coins on the same page.</p>
      </div>
      <Playground indexVersion={indexVersion} />
    </div>
  );
}
