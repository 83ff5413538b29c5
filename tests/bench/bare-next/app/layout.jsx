// The bench's floor (tests/bench/floor.ts): a bare Next.js app on the site's own Next.js and
// node_modules, one layout and one page of text, audited by the same Lighthouse settings in the
// same run. Plain JavaScript, so `next build` writes no tsconfig.json of its own here.
export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
