import Link from "next/link";

// The floor page plus one next/link (issue 53's experiment): the first-load JS Next's own client
// navigation adds to a page, which the bare page does not use and every page of the site does.
export default function Page() {
  return (
    <main>
      <h1>A bare Next.js page with one link</h1>
      <p>
        The same page as <Link href="/">the floor</Link>, with the one link drawn by next/link.
      </p>
    </main>
  );
}
