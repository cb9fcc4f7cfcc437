import { Link } from "@tanstack/react-router";
import { ChevronRight, KeyRound, type LucideIcon, Palette, UserRound } from "lucide-react";

interface QuickLink {
  label: string;
  description: string;
  icon: LucideIcon;
  hash?: string;
}

const LINKS: QuickLink[] = [
  { label: "Your profile", description: "Update your name", icon: UserRound, hash: "profile" },
  { label: "Password", description: "Choose a new one", icon: KeyRound, hash: "password" },
  { label: "Appearance", description: "Light, dark or system", icon: Palette, hash: "appearance" },
];

export function QuickLinks() {
  return (
    <section aria-labelledby="quick-links-title" className="mt-10">
      <h2 id="quick-links-title" className="font-medium text-muted-foreground text-sm">
        Quick links
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-3">
        {LINKS.map(({ label, description, icon: Icon, hash }) => (
          <li key={label}>
            <Link
              to="/account"
              hash={hash}
              className="group flex items-center gap-3 rounded-lg border bg-card p-3.5 outline-none transition-colors hover:border-foreground/15 hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground group-hover:text-foreground">
                <Icon aria-hidden="true" className="size-4" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-[13px]">{label}</span>
                <span className="block text-muted-foreground text-xs">{description}</span>
              </span>
              <ChevronRight
                aria-hidden="true"
                className="size-4 text-muted-foreground/60 transition-transform group-hover:translate-x-0.5"
              />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
