import Star from "lucide-react/icons/star";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { useSetDocumentFavorite, useSetFolderFavorite } from "../hooks/use-share-mutations.ts";

interface FavoriteButtonProps {
  entityType: "folder" | "document";
  entityId: string;
  name: string;
  isFavorite: boolean;
  className?: string;
}

/** The star on a card, a row, a tile, the tree and the document view: one member's favorite. */
export function FavoriteButton(props: FavoriteButtonProps) {
  const setDocument = useSetDocumentFavorite();
  const setFolder = useSetFolderFavorite();
  const { entityType, entityId, isFavorite } = props;
  const toggle = () => {
    const favorite = !isFavorite;
    if (entityType === "document") setDocument.mutate({ documentId: entityId, favorite });
    else setFolder.mutate({ folderId: entityId, favorite });
  };
  return <FavoriteToggle {...props} onToggle={toggle} />;
}

/**
 * The star without its mutation hooks: a list of many (the grid's cards) holds one mutation
 * and passes `onToggle` (decision 016, "cheap cards").
 */
export function FavoriteToggle({
  entityType,
  name,
  isFavorite,
  className,
  onToggle,
}: Omit<FavoriteButtonProps, "entityId"> & { onToggle: () => void }) {
  const label = isFavorite ? `Remove ${name} from favorites` : `Add ${name} to favorites`;
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      aria-pressed={isFavorite}
      title={label}
      data-testid={`${entityType}-favorite`}
      data-favorite={isFavorite}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        onToggle();
      }}
      className={cn("size-7", isFavorite && "text-amber-400 hover:text-amber-300", className)}
    >
      <Star aria-hidden="true" className={cn("size-4", isFavorite && "fill-current")} />
    </Button>
  );
}
