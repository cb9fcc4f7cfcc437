import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { AdminDossierPage } from "../../../features/admin-looks/components/admin-dossier-page.tsx";

const id = z.string().min(1).max(100).optional().catch(undefined);
const searchSchema = z.object({
  org: id,
  folder: id,
  document: id,
  view: z.enum(["grid", "list"]).default("grid").catch("grid"),
});

/** /admin/dossier (SPEC 2): any organization's dossier, read-only; each look is audited (decision 024). */
export const Route = createFileRoute("/_authed/admin/dossier")({
  validateSearch: searchSchema,
  component: AdminDossierRoute,
});

function AdminDossierRoute() {
  const location = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AdminDossierPage
      location={location}
      onNavigate={(search) => void navigate({ search, resetScroll: false })}
    />
  );
}
