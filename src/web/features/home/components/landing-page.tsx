import { APP_NAME } from "../../../components/app-name.ts";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { LandingFeatures } from "./landing-features.tsx";
import { LandingHeader } from "./landing-header.tsx";
import { LandingHero } from "./landing-hero.tsx";
import { ProductPreview } from "./product-preview.tsx";

/** The public home for visitors who are not signed in. */
export function LandingPage() {
  usePageTitle();
  return (
    <div className="relative min-h-dvh overflow-hidden bg-background">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-[40rem] bg-[radial-gradient(ellipse_60%_55%_at_50%_-5%,color-mix(in_oklch,var(--primary)_22%,transparent),transparent)]"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-[44rem] bg-[linear-gradient(to_right,var(--border)_1px,transparent_1px),linear-gradient(to_bottom,var(--border)_1px,transparent_1px)] bg-[size:56px_56px] opacity-50 [mask-image:radial-gradient(ellipse_60%_50%_at_50%_0%,black,transparent)]"
      />
      <LandingHeader />
      <main className="relative">
        <LandingHero />
        <ProductPreview />
        <LandingFeatures />
      </main>
      <footer className="relative border-t">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-6 py-8 text-muted-foreground text-sm">
          <p>
            © {new Date().getFullYear()} {APP_NAME}
          </p>
          <p>Built for teams that work with documents.</p>
        </div>
      </footer>
    </div>
  );
}
