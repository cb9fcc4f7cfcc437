import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { STORAGE_KEYS } from "#shared/constants.ts";
import type { Sort } from "#shared/rules/sort-cycle.ts";

export const DOSSIER_VIEWS = ["grid", "list"] as const;
export type DossierView = (typeof DOSSIER_VIEWS)[number];
export const DEFAULT_DOSSIER_VIEW: DossierView = "grid";

const isView = (value: unknown): value is DossierView =>
  typeof value === "string" && (DOSSIER_VIEWS as readonly string[]).includes(value);

interface DossierViewState {
  view: DossierView;
  setView: (view: DossierView) => void;
  /** The list's column sort; kept while moving between folders, not across visits. */
  sort: Sort | null;
  setSort: (sort: Sort | null) => void;
}

/** Grid or list (grid by default, SPEC 4), remembered under "dossier-view". */
export const useDossierViewStore = create<DossierViewState>()(
  persist(
    (set) => ({
      view: DEFAULT_DOSSIER_VIEW,
      setView: (view) => set({ view }),
      sort: null,
      setSort: (sort) => set({ sort }),
    }),
    {
      name: STORAGE_KEYS.dossierView,
      version: 0,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ view: state.view }),
      merge: (persisted, current) => {
        const stored =
          persisted && typeof persisted === "object" && "view" in persisted
            ? persisted.view
            : undefined;
        return { ...current, view: isView(stored) ? stored : DEFAULT_DOSSIER_VIEW };
      },
    },
  ),
);
