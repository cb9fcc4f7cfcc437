import type { ExecutionStatus } from "#shared/schemas/module.ts";
import { RunStatusBadge } from "../../../components/run-status-badge.tsx";

export function ExecutionStatusBadge({ status }: { status: ExecutionStatus }) {
  return <RunStatusBadge status={status} testId="execution-status" />;
}
