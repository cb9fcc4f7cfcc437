import RotateCcw from "lucide-react/icons/rotate-ccw";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import { Button } from "../../../components/ui/button.tsx";

/** The list could not load: the reason, and Try Again (a reload). */
export function UsersLoadError({ error }: { error: unknown }) {
  const message = error instanceof Error && error.message ? error.message : "Failed to load users";
  return (
    <div
      role="alert"
      className="flex flex-col items-center justify-center rounded-xl border px-6 py-14 text-center"
    >
      <TriangleAlert aria-hidden="true" className="mb-3 size-6 text-destructive" />
      <h2 className="font-semibold text-lg tracking-tight">Error Loading Users</h2>
      <p className="mt-1.5 max-w-md text-muted-foreground text-sm">{message}</p>
      <Button className="mt-5" onClick={() => window.location.reload()}>
        <RotateCcw aria-hidden="true" />
        Try Again
      </Button>
    </div>
  );
}
