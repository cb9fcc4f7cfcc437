import type { ShareEntityType } from "#shared/schemas/share.ts";
import { SharingDialog } from "../../../components/share-dialog.tsx";
import { entityAccessOptions } from "../api/share-queries.ts";
import { useRemoveShare, useSetShare } from "../hooks/use-share-mutations.ts";

/** SPEC section 2: the share dialog's props. */
export interface ShareDialogProps {
  isOpen: boolean;
  entityType: ShareEntityType;
  entityId: string;
  entityName: string;
  ownerId: string | null;
  currentUserId: string;
  onOpenChange: (open: boolean) => void;
}

/**
 * Share a folder or document: the shared dialog (components/share-dialog)
 * with shares.listForEntity, shares.set and shares.remove. Only the owner
 * gets here (the menus offer Share to the owner alone, and the server refuses
 * anyone else).
 */
export function ShareDialog(props: ShareDialogProps) {
  const { entityType, entityId } = props;
  const setShare = useSetShare();
  const removeShare = useRemoveShare();
  const target = { entityType, entityId };
  return (
    <SharingDialog
      isOpen={props.isOpen}
      onOpenChange={props.onOpenChange}
      entityName={props.entityName}
      canShare={props.ownerId === props.currentUserId}
      description={
        <>
          {entityType === "folder"
            ? "People you add see this folder and everything in it, including what is added later."
            : "People you add see this document."}{" "}
          Viewers read, download and use it in chats; editors can also rename, move and add files.
        </>
      }
      accessOptions={entityAccessOptions(entityType, entityId)}
      grant={(grantee, role) => setShare.mutateAsync({ ...target, grantee, role })}
      revoke={(grantee) => removeShare.mutate({ ...target, grantee })}
      granting={setShare.isPending}
    />
  );
}
