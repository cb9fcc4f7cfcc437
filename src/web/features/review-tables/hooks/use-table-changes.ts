import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { Table } from "#shared/schemas/review-table.ts";
import { getLiveRuntime } from "../../../lib/sync/live-runtime.ts";
import { tableChangesOptions, tableOptions } from "../api/table-queries.ts";
import { mergeTableChanges } from "../lib/table-changes.ts";

/**
 * Keeps an open table current (decision 029, amendment 2026-11-25): a live
 * subscription to `tables.getChanges` since the revision the page holds;
 * each push's changed cells are merged into the `tables.get` cache, which
 * moves the revision and so the subscription. A push saying `reset` (columns,
 * rows or the name changed) reads the table whole again, once.
 */
export function useTableChanges(tableId: string, revision: string): void {
  const queryClient = useQueryClient();
  const changes = useQuery(tableChangesOptions(tableId, revision));
  const resetFor = useRef<string | null>(null);
  const data = changes.data;

  useEffect(() => {
    if (!data) return;
    const key = tableOptions(tableId).queryKey;
    if (data.reset) {
      if (resetFor.current === revision) return;
      resetFor.current = revision;
      void queryClient.refetchQueries({ queryKey: key, exact: true }, { cancelRefetch: false });
      return;
    }
    const current = queryClient.getQueryData<Table>(key);
    if (!current || current.revision !== revision) return;
    const merged = mergeTableChanges(current, data);
    if (merged) getLiveRuntime(queryClient).store.receive(key, merged);
  }, [data, queryClient, tableId, revision]);
}
