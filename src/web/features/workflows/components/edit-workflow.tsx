import { useQuery } from "@tanstack/react-query";
import { NotFoundView } from "../../../components/not-found-view.tsx";
import { workflowBySlugOptions } from "../api/workflow-queries.ts";
import { BuilderPage } from "./builder-page.tsx";
import { WorkflowSkeleton } from "./workflow-skeleton.tsx";

/** /workflows/new?edit={slug}: the builder with that workflow loaded (its author or an admin). */
export function EditWorkflow({ slug }: { slug: string }) {
  const workflow = useQuery(workflowBySlugOptions(slug));
  if (workflow.error) throw workflow.error;
  if (workflow.data === undefined) return <WorkflowSkeleton />;
  if (workflow.data === null || !workflow.data.canEdit) return <NotFoundView />;
  return <BuilderPage key={workflow.data._id} workflow={workflow.data} />;
}
