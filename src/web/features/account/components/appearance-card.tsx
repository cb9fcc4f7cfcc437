import { ThemePicker } from "../../../components/theme/theme-picker.tsx";
import { SectionCard } from "./section-card.tsx";

export function AppearanceCard() {
  return (
    <SectionCard
      id="appearance"
      title="Appearance"
      description="Choose how the workspace looks on this device. System follows your operating system."
    >
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <p className="font-medium text-sm">Theme</p>
          <p className="mt-0.5 text-muted-foreground text-xs">Dark is the default.</p>
        </div>
        <ThemePicker className="w-full sm:w-auto" />
      </div>
    </SectionCard>
  );
}
