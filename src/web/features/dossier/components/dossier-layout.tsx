import { useSuspenseQuery } from "@tanstack/react-query";
import { FolderPlus } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Tooltip } from "../../../components/ui/tooltip.tsx";
import { allFoldersOptions } from "../../../lib/shared-queries.ts";
import { showDossierDialog } from "../hooks/dialog-store.ts";
import { useCurrentFolderPath } from "../hooks/use-current-folder-path.ts";
import { DossierDialogs } from "./dossier-dialogs.tsx";
import { FolderTree } from "./folder-tree.tsx";
import { UploadPanel } from "./upload-panel.tsx";

/** The dossier frame: the folder tree beside the folder on screen, plus its dialogs and uploads. */
export function DossierLayout({ children }: { children: ReactNode }) {
  const { data: folders } = useSuspenseQuery(allFoldersOptions());
  const path = useCurrentFolderPath();
  const current = path ? (folders.find((folder) => folder.path === path) ?? null) : null;

  return (
    <div className="flex h-dvh min-h-0 md:h-[calc(100dvh-1rem)]" data-testid="dossier">
      <aside
        aria-label="Dossier folders"
        className="hidden w-64 shrink-0 flex-col border-r lg:flex"
      >
        <div className="flex items-center justify-between gap-2 px-4 pt-5 pb-3">
          <h2 className="font-semibold text-[13px] text-muted-foreground uppercase tracking-wider">
            Folders
          </h2>
          <Tooltip content={current ? `New folder in ${current.name}` : "New folder"}>
            <Button
              variant="ghost"
              size="icon"
              className="size-7"
              aria-label={current ? `New folder in ${current.name}` : "New folder"}
              data-testid="tree-new-folder"
              onClick={() =>
                showDossierDialog({
                  kind: "create-folder",
                  parentId: current?._id ?? null,
                  parentName: current ? `“${current.name}”` : "the top level of the dossier",
                })
              }
            >
              <FolderPlus aria-hidden="true" />
            </Button>
          </Tooltip>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-4">
          <FolderTree folders={folders} currentId={current?._id ?? null} />
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">{children}</div>
      <DossierDialogs />
      <UploadPanel />
    </div>
  );
}
