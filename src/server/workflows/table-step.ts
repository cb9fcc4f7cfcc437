/**
 * Table steps (decision 028) fill a review table over the run's documents.
 * They need the review tables' server (tables/table-seam.ts); until it is
 * part of this build they are refused with this message when a workflow is
 * saved or run.
 */
export const TABLE_STEPS_UNAVAILABLE: string | null =
  "Review table steps are not available on this server yet; use a prompt or module step.";
