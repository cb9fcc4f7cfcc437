import Monitor from "lucide-react/icons/monitor";
import Moon from "lucide-react/icons/moon";
import Sun from "lucide-react/icons/sun";
import type { Theme } from "#shared/constants.ts";
import { useThemeStore } from "../settings/theme-store.ts";
import { SegmentedControl, type SegmentedOption } from "../ui/segmented-control.tsx";

export const THEME_OPTIONS = [
  { value: "light", label: "Light", icon: Sun, testId: "theme-option-light" },
  { value: "dark", label: "Dark", icon: Moon, testId: "theme-option-dark" },
  { value: "system", label: "System", icon: Monitor, testId: "theme-option-system" },
] as const satisfies readonly SegmentedOption<Theme>[];

/** Light / Dark / System, applied at once and remembered under "theme". */
export function ThemePicker({ className }: { className?: string }) {
  const theme = useThemeStore((s) => s.theme);
  const setTheme = useThemeStore((s) => s.setTheme);
  return (
    <SegmentedControl
      label="Theme"
      value={theme}
      options={THEME_OPTIONS}
      onValueChange={setTheme}
      className={className}
    />
  );
}
