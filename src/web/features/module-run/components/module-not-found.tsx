import { Link } from "@tanstack/react-router";
import ArrowLeft from "lucide-react/icons/arrow-left";
import PackageX from "lucide-react/icons/package-x";
import { Button } from "../../../components/ui/button.tsx";
import { usePageTitle } from "../../../components/use-page-title.ts";

/** An unknown slug, an inactive module, or one not offered to the member's organization. */
export function ModuleNotFound({ what = "module" }: { what?: "module" | "run" }) {
  const isRun = what === "run";
  usePageTitle(isRun ? "Run not found" : "Module not found");
  return (
    <div
      data-testid={`${what}-not-found`}
      className="flex flex-1 items-center justify-center px-6 py-24"
    >
      <div className="flex max-w-md flex-col items-center text-center">
        <div className="flex size-12 items-center justify-center rounded-xl border bg-muted/60">
          <PackageX aria-hidden="true" className="size-6 text-muted-foreground" />
        </div>
        <h1 className="mt-5 font-semibold text-xl tracking-tight">
          {isRun ? "Run not found" : "Module not found"}
        </h1>
        <p className="mt-2 text-muted-foreground text-sm leading-relaxed">
          {isRun
            ? "This run does not exist, or it is not yours: runs are private to the member who started them."
            : "This module does not exist, is no longer active, or is not offered to your organization."}
        </p>
        <Button asChild className="mt-7">
          <Link to="/modules">
            <ArrowLeft aria-hidden="true" />
            All modules
          </Link>
        </Button>
      </div>
    </div>
  );
}
