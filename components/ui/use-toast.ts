// Toast state (spec section 8), shadcn-style: a tiny module-level store that `toast()` writes to
// from anywhere on the client and `useToast()` (the Toaster's lazily loaded toast-list.tsx)
// subscribes to. Each change also tells toast-presence.ts whether a toast exists, which is all the
// layout's <Toaster /> reads until the first one.
import * as React from "react";
import type { ToastActionElement, ToastProps } from "./toast";
import { setToastPresence } from "./toast-presence";

/** One toast at a time: a new toast replaces the one on screen. */
export const TOAST_LIMIT = 1;
/** How long a dismissed toast's state lingers before it is removed (Radix animates the close). */
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = NonNullable<ToastProps["variant"]>;

/** What callers pass to `toast()`. */
export interface ToastOptions {
  title?: React.ReactNode;
  description?: React.ReactNode;
  variant?: ToastVariant;
  action?: ToastActionElement;
  /** Overrides the provider's 5000 ms for this toast. */
  duration?: number;
}

/** A toast in the store: the options plus the props the <Toaster /> spreads onto <Toast>. */
export interface ToasterToast extends ToastOptions {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (options: ToastOptions) => void;
}

interface State {
  toasts: ToasterToast[];
}

type Action =
  | { type: "ADD_TOAST"; toast: ToasterToast }
  | { type: "UPDATE_TOAST"; toast: Partial<ToasterToast> & { id: string } }
  | { type: "DISMISS_TOAST"; toastId?: string }
  | { type: "REMOVE_TOAST"; toastId?: string };

let count = 0;
function genId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return count.toString();
}

const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function queueRemove(toastId: string): void {
  if (removeTimeouts.has(toastId)) return;
  const timeout = setTimeout(() => {
    removeTimeouts.delete(toastId);
    dispatch({ type: "REMOVE_TOAST", toastId });
  }, TOAST_REMOVE_DELAY);
  removeTimeouts.set(toastId, timeout);
}

export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case "ADD_TOAST":
      return { ...state, toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case "UPDATE_TOAST":
      return {
        ...state,
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case "DISMISS_TOAST": {
      const { toastId } = action;
      // Side effect kept here for simplicity (as in shadcn): schedule removal of the dismissed toasts.
      if (toastId) queueRemove(toastId);
      else state.toasts.forEach((t) => queueRemove(t.id));
      return {
        ...state,
        toasts: state.toasts.map((t) => (toastId === undefined || t.id === toastId ? { ...t, open: false } : t)),
      };
    }
    case "REMOVE_TOAST":
      if (action.toastId === undefined) return { ...state, toasts: [] };
      return { ...state, toasts: state.toasts.filter((t) => t.id !== action.toastId) };
  }
}

const listeners = new Set<() => void>();
/** The server's state, and so the hydration render's: toasts are only ever shown in the browser. */
const initialState: State = { toasts: [] };
let memoryState: State = initialState;

function dispatch(action: Action): void {
  memoryState = reducer(memoryState, action);
  setToastPresence(memoryState.toasts.length > 0);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Shows a toast (replacing any toast on screen) and returns handles to update or dismiss it. */
export function toast({ title, description, variant, action, duration }: ToastOptions): ToastHandle {
  const id = genId();
  const update = (options: ToastOptions) => dispatch({ type: "UPDATE_TOAST", toast: { ...options, id } });
  const dismiss = () => dispatch({ type: "DISMISS_TOAST", toastId: id });
  dispatch({
    type: "ADD_TOAST",
    toast: {
      id,
      title,
      description,
      variant,
      action,
      duration,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });
  return { id, dismiss, update };
}

/** The current toasts plus `toast()` and `dismiss()`, re-rendering whenever the store changes. */
export function useToast(): State & { toast: typeof toast; dismiss: (toastId?: string) => void } {
  const state = React.useSyncExternalStore(subscribe, () => memoryState, () => initialState);
  return {
    ...state,
    toast,
    dismiss: (toastId?: string) => dispatch({ type: "DISMISS_TOAST", toastId }),
  };
}
