export function PageHeading({ title, text }: { title: string; text: string }) {
  return (
    <header className="flex flex-col gap-1">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
    </header>
  );
}
