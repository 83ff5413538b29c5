/**
 * A value made on first use and kept. For Intl formatters above all (issue 53): a module that
 * makes one when it loads charges every page that imports it, and the first Intl formatter a page
 * creates costs 25-35 ms of main thread on this machine, 100-170 ms at a phone's 6x CPU (measured
 * in Chromium). Made on use, a page whose figures were all rendered on the server pays nothing.
 */
export function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
