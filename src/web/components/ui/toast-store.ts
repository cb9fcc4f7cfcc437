import { create } from "zustand";
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from "#shared/constants.ts";

export type ToastVariant = "default" | "success" | "error" | "warning";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; the provider's default (5000) when absent. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

interface ToastState {
  toasts: ToastItem[];
  add: (input: ToastInput) => string;
  dismiss: (id: string) => void;
  remove: (id: string) => void;
}

const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

/**
 * Toasts: at most TOAST_LIMIT at once (newest first; the oldest drop off), and a
 * dismissed toast stays in the store, closed, for TOAST_REMOVE_DELAY_MS so its
 * exit animation can run before it is removed.
 */
export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  add: (input) => {
    counter += 1;
    const id = `toast-${counter}`;
    set((state) => ({
      toasts: [{ ...input, id, open: true }, ...state.toasts].slice(0, TOAST_LIMIT),
    }));
    return id;
  },
  dismiss: (id) => {
    if (removalTimers.has(id)) return;
    set((state) => ({
      toasts: state.toasts.map((t) => (t.id === id ? { ...t, open: false } : t)),
    }));
    removalTimers.set(
      id,
      setTimeout(() => get().remove(id), TOAST_REMOVE_DELAY_MS),
    );
  },
  remove: (id) => {
    const timer = removalTimers.get(id);
    if (timer) clearTimeout(timer);
    removalTimers.delete(id);
    set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }));
  },
}));

/** Shows a toast from anywhere (components, mutation error handlers, sync callbacks). */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  const id = useToastStore.getState().add(input);
  return { id, dismiss: () => useToastStore.getState().dismiss(id) };
}
