// Whether the toast store holds a toast, apart from the store itself (use-toast.ts): the layout's
// <Toaster /> reads only this, so the store, its reducer and Radix Toast load with the first
// toast (from the module that calls `toast()`, and toast-list.tsx) rather than with every page.
let present = false;
const listeners = new Set<() => void>();

/** Called by the store after each change. */
export function setToastPresence(value: boolean): void {
  if (value === present) return;
  present = value;
  listeners.forEach((listener) => listener());
}

export function subscribeToastPresence(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function hasToasts(): boolean {
  return present;
}
