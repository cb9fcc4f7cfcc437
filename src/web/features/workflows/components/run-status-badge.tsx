import type { WorkflowRunStatus, WorkflowStepStatus } from "#shared/schemas/workflow.ts";
import { RunStatusBadge } from "../../../components/run-status-badge.tsx";

const WORKFLOW_LABELS = { succeeded: "Done" } as const;

/** A workflow run's or step's state: "Done" where a module run says "Succeeded". */
export function WorkflowStatusBadge({
  status,
  testId,
}: {
  status: WorkflowRunStatus | WorkflowStepStatus;
  testId?: string;
}) {
  return <RunStatusBadge status={status} labels={WORKFLOW_LABELS} testId={testId} />;
}
