export function SiteFooter() {
  return (
    <footer className="mt-16 border-t">
      <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-8 text-sm text-muted-foreground">
        <p className="font-medium text-foreground">From PulseChain community to PulseChain community</p>
        <p>Compare crypto market caps with ease.</p>
      </div>
    </footer>
  );
}
