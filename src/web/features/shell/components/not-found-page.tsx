import { NotFoundView } from "../../../components/not-found-view.tsx";
import { useAuth } from "../../../lib/auth/auth-context.ts";
import { AppShell } from "./app-shell.tsx";

/**
 * The page for unknown routes (SPEC 2). A signed-in user keeps the sidebar
 * around it; a signed-out visitor sees it on its own. The router renders it
 * at the root (no signed-in route matched), so the frame is drawn here.
 */
export function NotFoundPage() {
  const { userId } = useAuth();
  if (!userId) return <NotFoundView />;
  return (
    <AppShell>
      <NotFoundView inShell />
    </AppShell>
  );
}
