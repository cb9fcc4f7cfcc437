import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { BuilderPage } from "../../../features/workflows/components/builder-page.tsx";
import { EditWorkflow } from "../../../features/workflows/components/edit-workflow.tsx";

/** ?edit=<slug>: the builder with that workflow loaded. */
const searchSchema = z.object({ edit: z.string().max(100).optional().catch(undefined) });

/** /workflows/new (SPEC 2): the workflow builder. */
export const Route = createFileRoute("/_authed/workflows/new")({
  validateSearch: searchSchema,
  component: NewWorkflowRoute,
});

function NewWorkflowRoute() {
  const { edit } = Route.useSearch();
  return edit ? <EditWorkflow slug={edit} /> : <BuilderPage />;
}
