import { Link } from "@tanstack/react-router";
import SearchX from "lucide-react/icons/search-x";
import { Button } from "../../../components/ui/button.tsx";

/** An address naming no module. */
export function ModuleNotFound() {
  return (
    <div
      className="flex flex-col items-center py-20 text-center"
      data-testid="admin-module-not-found"
    >
      <SearchX aria-hidden="true" className="mb-3 size-7 text-muted-foreground" />
      <h1 className="font-semibold text-xl tracking-tight">Module not found</h1>
      <p className="mt-1.5 text-muted-foreground text-sm">
        There is no module at this address; it may have been removed.
      </p>
      <Button className="mt-6" variant="outline" asChild>
        <Link to="/admin/modules">All modules</Link>
      </Button>
    </div>
  );
}
