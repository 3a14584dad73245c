import { create } from 'zustand';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

/** Spec section 9: success toast 4 s, helper toasts 3.5 s, character-limit toast 1 s. */
export const TOAST_DURATION = {
  success: 4000,
  default: 3500,
  characterLimit: 1000,
} as const;

export function toastDuration(kind: ToastKind): number {
  return kind === 'success' ? TOAST_DURATION.success : TOAST_DURATION.default;
}

export type Toast = {
  id: number;
  kind: ToastKind;
  message: string;
  duration: number;
};

type ToastState = {
  toasts: Toast[];
  show: (kind: ToastKind, message: string, duration?: number) => number;
  dismiss: (id: number) => void;
  clear: () => void;
};

let nextId = 1;

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  show: (kind, message, duration = toastDuration(kind)) => {
    const id = nextId++;
    set((state) => ({
      // The same message twice in a row is shown once.
      toasts: [...state.toasts.filter((t) => !(t.kind === kind && t.message === message)), { id, kind, message, duration }],
    }));
    return id;
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
  clear: () => set({ toasts: [] }),
}));

/** Imperative helpers usable outside React (API error handling, mutations). */
export const toast = {
  success: (message: string) => useToastStore.getState().show('success', message),
  error: (message: string) => useToastStore.getState().show('error', message),
  info: (message: string) => useToastStore.getState().show('info', message),
  warning: (message: string) => useToastStore.getState().show('warning', message),
  /** The editor's 1-second helper toast (spec section 5). */
  characterLimit: (message = 'Maximum character limit reached') =>
    useToastStore.getState().show('warning', message, TOAST_DURATION.characterLimit),
};
