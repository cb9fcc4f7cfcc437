import { SharingDialog } from "../../../components/share-dialog.tsx";
import { tableSharesOptions } from "../api/detail-queries.ts";
import { useShareTable, useUnshareTable } from "../hooks/use-table-mutations.ts";

/**
 * Share a table (owner only; decision 023's model, tables.share): the shared
 * dialog (components/share-dialog) with tables.listShares, tables.share and
 * tables.unshare. Members of the organization or all of it, as viewers (read,
 * export) or editors (also add rows and columns, fill, correct cells).
 */
export function ShareTableDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tableId: string;
  tableName: string;
}) {
  const { tableId } = props;
  const share = useShareTable();
  const unshare = useUnshareTable();
  return (
    <SharingDialog
      isOpen={props.open}
      onOpenChange={props.onOpenChange}
      entityName={props.tableName}
      canShare
      description="Viewers see the table and export it; editors can also add documents and questions, fill and correct answers. Each person only sees the rows of documents they may read."
      accessOptions={tableSharesOptions(tableId)}
      grant={(grantee, role) => share.mutateAsync({ tableId, grantee, role })}
      revoke={(grantee) => unshare.mutate({ tableId, grantee })}
      granting={share.isPending}
      testId="table-share-dialog"
    />
  );
}
