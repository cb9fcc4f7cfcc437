import { Link, useLocation } from "@tanstack/react-router";
import ChevronRight from "lucide-react/icons/chevron-right";
import type { Folder } from "#shared/schemas/dossier.ts";
import { cn } from "../../../components/ui/cn.ts";

const linkClass = cn(
  "truncate rounded-sm text-muted-foreground outline-none transition-colors hover:text-foreground",
  "focus-visible:ring-2 focus-visible:ring-ring",
);

/**
 * Dossier › Contracts › 2024: every level links back up. In the shared area
 * the trail starts at "Shared with me" and stays in it.
 */
export function Breadcrumbs({ trail }: { trail: readonly Folder[] }) {
  const shared = useLocation().pathname.startsWith("/dossier/shared");
  const root = shared ? "Shared with me" : "Dossier";
  return (
    <nav aria-label="Breadcrumb" data-testid="breadcrumbs">
      <ol className="flex min-w-0 flex-wrap items-center gap-1 text-[13px]">
        <li className="flex min-w-0 items-center">
          {trail.length === 0 ? (
            <span aria-current="page" className="font-medium text-foreground">
              {root}
            </span>
          ) : (
            <Link to={shared ? "/dossier/shared" : "/dossier"} className={linkClass}>
              {root}
            </Link>
          )}
        </li>
        {trail.map((folder, index) => {
          const last = index === trail.length - 1;
          return (
            <li key={folder._id} className="flex min-w-0 items-center gap-1">
              <ChevronRight
                aria-hidden="true"
                className="size-3.5 shrink-0 text-muted-foreground/60"
              />
              {last ? (
                <span aria-current="page" className="truncate font-medium text-foreground">
                  {folder.name}
                </span>
              ) : (
                <Link
                  to={shared ? "/dossier/shared/$" : "/dossier/$"}
                  params={{ _splat: folder.path }}
                  className={linkClass}
                >
                  {folder.name}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
