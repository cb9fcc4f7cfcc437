import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { DEFAULT_THEME, STORAGE_KEYS, THEMES, type Theme } from "#shared/constants.ts";

interface ThemeState {
  theme: Theme;
  setTheme: (theme: Theme) => void;
}

const isTheme = (value: unknown): value is Theme =>
  typeof value === "string" && (THEMES as readonly string[]).includes(value);

/**
 * The theme choice, kept in localStorage under "theme" as zustand's
 * `{"state":{"theme":…},"version":0}`; public/theme-init.js reads the same
 * format before the first paint.
 */
export const useThemeStore = create<ThemeState>()(
  persist(
    (set) => ({
      theme: DEFAULT_THEME,
      setTheme: (theme) => set({ theme }),
    }),
    {
      name: STORAGE_KEYS.theme,
      version: 0,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ theme: state.theme }),
      merge: (persisted, current) => {
        const stored =
          persisted && typeof persisted === "object" && "theme" in persisted
            ? persisted.theme
            : undefined;
        return { ...current, theme: isTheme(stored) ? stored : DEFAULT_THEME };
      },
    },
  ),
);

const DARK_QUERY = "(prefers-color-scheme: dark)";
const THEME_COLORS = { dark: "#0e0e12", light: "#ffffff" } as const;

export function resolveTheme(theme: Theme): "light" | "dark" {
  if (theme !== "system") return theme;
  return window.matchMedia(DARK_QUERY).matches ? "dark" : "light";
}

/** Sets the `dark` class, the colour scheme and the browser's theme colour. */
export function applyTheme(theme: Theme): void {
  const resolved = resolveTheme(theme);
  const root = document.documentElement;
  root.classList.toggle("dark", resolved === "dark");
  root.style.colorScheme = resolved;
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute("content", THEME_COLORS[resolved]);
}

/**
 * Keeps <html> in step with the store, with the OS setting while "system" is
 * chosen, and with other tabs (the storage event). Returns a cleanup function.
 */
export function startThemeSync(): () => void {
  const media = window.matchMedia(DARK_QUERY);
  applyTheme(useThemeStore.getState().theme);
  const unsubscribe = useThemeStore.subscribe((state) => applyTheme(state.theme));
  const onSystemChange = () => {
    if (useThemeStore.getState().theme === "system") applyTheme("system");
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.theme) void useThemeStore.persist.rehydrate();
  };
  media.addEventListener("change", onSystemChange);
  window.addEventListener("storage", onStorage);
  return () => {
    unsubscribe();
    media.removeEventListener("change", onSystemChange);
    window.removeEventListener("storage", onStorage);
  };
}
