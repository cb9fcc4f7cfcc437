import { Link } from "@tanstack/react-router";
import { Logo } from "../../../components/logo.tsx";
import { Button } from "../../../components/ui/button.tsx";

export function LandingHeader() {
  return (
    <header className="relative z-10">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-6">
        <Link
          to="/"
          aria-label="Home"
          className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Logo />
        </Link>
        <nav aria-label="Site" className="flex items-center gap-2">
          <Button asChild variant="ghost" size="sm" className="hidden sm:inline-flex">
            <a href="#features">Features</a>
          </Button>
          <Button asChild size="sm" data-testid="landing-sign-in-header">
            <Link to="/login">Sign in</Link>
          </Button>
        </nav>
      </div>
    </header>
  );
}
