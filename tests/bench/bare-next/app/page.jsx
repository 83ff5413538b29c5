export const metadata = { title: "A bare Next.js page", description: "The floor the site's pages are measured against." };

export default function Page() {
  return (
    <main>
      <h1>A bare Next.js page</h1>
      <p>
        One layout and one page of text, built by the same Next.js as the site and served by the same next start. Its
        largest content paints at its first paint; the bench prints each of the site&apos;s pages beside it.
      </p>
    </main>
  );
}
