/** The job kind that carries a workflow run forward one step at a time (decision 028). */
export const WORKFLOW_RUN_JOB = "workflow-run";
