"use client";

import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { LineIcon } from "@/components/ui/line-icon";
import { ARROW_LEFT_RIGHT, CROSS, PLUS } from "@/components/ui/line-icons";
import { Card, CardTitle } from "@/components/ui/card";
import { CompareTool, type CompareToolState } from "./compare-tool";

/** The playground's tools live in page state only (spec section 2); ids are type + timestamp. */
export function Playground({ indexVersion }: { indexVersion: string }) {
  const [tools, setTools] = useState<CompareToolState[]>([]);
  const [choosing, setChoosing] = useState(false);
  const lastId = useRef(0);

  function addCompareTool() {
    // Timestamps can repeat within a millisecond; keep ids unique and increasing.
    lastId.current = Math.max(Date.now(), lastId.current + 1);
    setTools((current) => [...current, { id: `compare-${lastId.current}`, type: "compare", coin1: null, coin2: null }]);
    setChoosing(false);
  }

  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button onClick={() => setChoosing((open) => !open)} aria-expanded={choosing}>
          <LineIcon icon={PLUS} /> Add Tool
        </Button>
      </div>
      {choosing ? (
        <Card className="max-w-md" role="group" aria-labelledby="select-tool-title">
          {/* CardHeader's look as a row (CardHeader is a column): the title, then the close button. */}
          <div data-slot="card-header" className="flex items-center justify-between gap-1.5 p-5">
            <CardTitle id="select-tool-title">Select Tool</CardTitle>
            <Button variant="ghost" size="icon" onClick={() => setChoosing(false)} aria-label="Close tool list">
              <LineIcon icon={CROSS} />
            </Button>
          </div>
          <div className="px-5 pb-5">
            <button
              type="button"
              onClick={addCompareTool}
              className="flex w-full items-center gap-3 rounded-lg border p-3 text-left outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <LineIcon icon={ARROW_LEFT_RIGHT} className="size-5 text-primary" />
              <span>
                <span className="block font-medium">Compare</span>
                <span className="block text-sm text-muted-foreground">Compare two coins</span>
              </span>
            </button>
          </div>
        </Card>
      ) : null}
      {tools.length === 0 && !choosing ? (
        <p className="text-muted-foreground">No tools yet. Use Add Tool to put comparisons side by side.</p>
      ) : null}
      <div className="grid gap-4 xl:grid-cols-2">
        {tools.map((tool, index) => (
          <CompareTool
            key={tool.id}
            tool={tool}
            index={index}
            indexVersion={indexVersion}
            onChange={(next) => setTools((current) => current.map((t) => (t.id === tool.id ? next : t)))}
            onRemove={() => setTools((current) => current.filter((t) => t.id !== tool.id))}
          />
        ))}
      </div>
    </div>
  );
}
