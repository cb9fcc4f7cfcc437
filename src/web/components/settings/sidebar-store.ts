import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { STORAGE_KEYS } from "#shared/constants.ts";

interface SidebarState {
  open: boolean;
  setOpen: (open: boolean) => void;
  toggle: () => void;
}

/** Whether the app sidebar is expanded; remembered under "sidebar-open". */
export const useSidebarStore = create<SidebarState>()(
  persist(
    (set) => ({
      open: true,
      setOpen: (open) => set({ open }),
      toggle: () => set((state) => ({ open: !state.open })),
    }),
    {
      name: STORAGE_KEYS.sidebarOpen,
      version: 0,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ open: state.open }),
      merge: (persisted, current) => {
        const stored =
          persisted && typeof persisted === "object" && "open" in persisted
            ? persisted.open
            : undefined;
        return { ...current, open: typeof stored === "boolean" ? stored : current.open };
      },
    },
  ),
);
