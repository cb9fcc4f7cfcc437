import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { SEARCH_HISTORY_LIMIT, STORAGE_KEYS } from "#shared/constants.ts";
import { addSearchHistoryEntry } from "#shared/rules/search-history.ts";
import type { DocumentFilters } from "../search.ts";

/** SPEC 3's search history entry: what was searched, when, with which filters. */
export interface SearchHistoryEntry {
  id: string;
  query: string;
  timestamp: number;
  filters: DocumentFilters;
}

/** SPEC 3's search preferences. */
export interface SearchPreferences {
  showRecentSearches: boolean;
  maxHistoryEntries: number;
  enableSearchSuggestions: boolean;
  defaultIncludeSubfolders: boolean;
}

export const DEFAULT_SEARCH_PREFERENCES: SearchPreferences = {
  showRecentSearches: true,
  maxHistoryEntries: SEARCH_HISTORY_LIMIT,
  enableSearchSuggestions: true,
  defaultIncludeSubfolders: true,
};

interface SearchState {
  history: SearchHistoryEntry[];
  preferences: SearchPreferences;
  /** SPEC 3's UI state (not persisted). */
  isFiltersOpen: boolean;
  isHistoryOpen: boolean;
  record: (query: string, filters: DocumentFilters) => void;
  removeEntry: (id: string) => void;
  clearHistory: () => void;
  setPreferences: (patch: Partial<SearchPreferences>) => void;
  setFiltersOpen: (open: boolean) => void;
  setHistoryOpen: (open: boolean) => void;
}

const clampMax = (value: unknown) =>
  typeof value === "number" && Number.isFinite(value)
    ? Math.min(20, Math.max(1, Math.floor(value)))
    : SEARCH_HISTORY_LIMIT;

/**
 * Recent searches (SPEC 5: newest first, no duplicates, at most
 * maxHistoryEntries) and search preferences, kept in this browser under
 * 'search-enhanced-store' (SPEC 9).
 */
export const useSearchStore = create<SearchState>()(
  persist(
    (set) => ({
      history: [],
      preferences: DEFAULT_SEARCH_PREFERENCES,
      isFiltersOpen: false,
      isHistoryOpen: false,
      record: (query, filters) =>
        set((state) => ({
          history: addSearchHistoryEntry(
            state.history,
            { id: crypto.randomUUID(), query: query.trim(), timestamp: Date.now(), filters },
            state.preferences.maxHistoryEntries,
          ),
        })),
      removeEntry: (id) => set((state) => ({ history: state.history.filter((e) => e.id !== id) })),
      clearHistory: () => set({ history: [] }),
      setPreferences: (patch) =>
        set((state) => {
          const preferences = {
            ...state.preferences,
            ...patch,
            maxHistoryEntries: clampMax(
              patch.maxHistoryEntries ?? state.preferences.maxHistoryEntries,
            ),
          };
          return {
            preferences,
            history: state.history.slice(0, preferences.maxHistoryEntries),
          };
        }),
      setFiltersOpen: (isFiltersOpen) => set({ isFiltersOpen }),
      setHistoryOpen: (isHistoryOpen) => set({ isHistoryOpen }),
    }),
    {
      name: STORAGE_KEYS.searchStore,
      version: 0,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ history: state.history, preferences: state.preferences }),
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Partial<Pick<SearchState, "history" | "preferences">>;
        const preferences = { ...DEFAULT_SEARCH_PREFERENCES, ...(stored.preferences ?? {}) };
        preferences.maxHistoryEntries = clampMax(preferences.maxHistoryEntries);
        const history = Array.isArray(stored.history)
          ? stored.history
              .filter(
                (e): e is SearchHistoryEntry =>
                  typeof e === "object" && e !== null && typeof e.query === "string",
              )
              .slice(0, preferences.maxHistoryEntries)
          : [];
        return { ...current, preferences, history };
      },
    },
  ),
);
