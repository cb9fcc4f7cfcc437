import { Link } from "@tanstack/react-router";
import ArrowRight from "lucide-react/icons/arrow-right";
import Sparkles from "lucide-react/icons/sparkles";
import { APP_NAME } from "../../../components/app-name.ts";
import { Button } from "../../../components/ui/button.tsx";

export function LandingHero() {
  return (
    <section className="mx-auto max-w-4xl px-6 pt-20 pb-14 text-center md:pt-28">
      <p className="inline-flex items-center gap-2 rounded-full border bg-card/60 px-3 py-1 text-muted-foreground text-xs backdrop-blur">
        <Sparkles aria-hidden="true" className="size-3.5 text-primary" />
        The AI workspace for your organization's documents
      </p>
      <h1 className="mt-7 text-balance font-semibold text-4xl leading-[1.08] tracking-tight sm:text-5xl md:text-[3.5rem]">
        Your organization's knowledge,{" "}
        <span className="bg-gradient-to-r from-brand-from to-brand-to bg-clip-text text-transparent">
          one question away
        </span>
      </h1>
      <p className="mx-auto mt-6 max-w-2xl text-balance text-lg text-muted-foreground leading-relaxed">
        {APP_NAME} keeps your team's documents in one shared dossier, lets everyone ask AI models
        about them, and runs the automations that draft your next document.
      </p>
      <div className="mt-10 flex flex-wrap items-center justify-center gap-3">
        <Button asChild size="lg" className="px-6" data-testid="landing-sign-in">
          <Link to="/login">
            Sign in
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline" className="px-6">
          <a href="#features">See what's inside</a>
        </Button>
      </div>
    </section>
  );
}
