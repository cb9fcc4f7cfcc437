import { useQuery } from "@tanstack/react-query";
import { Link, useRouterState } from "@tanstack/react-router";
import {
  Blocks,
  BookOpenText,
  FilePen,
  FolderClosed,
  type LucideIcon,
  MessagesSquare,
  ShieldCheck,
  Sparkles,
  UserRound,
} from "lucide-react";
import { cn } from "../../../components/ui/cn.ts";
import { Tooltip } from "../../../components/ui/tooltip.tsx";
import { meOptions } from "../../../lib/shared-queries.ts";

interface NavEntry {
  to:
    | "/command-center"
    | "/threads"
    | "/dossier"
    | "/prompt-library"
    | "/modules"
    | "/modules/drafts"
    | "/account"
    | "/admin/prompts"
    | "/admin/modules";
  label: string;
  icon: LucideIcon;
  testId: string;
  /** A deeper area with its own entry (/modules/drafts under /modules): not this one's. */
  except?: string;
}

/** The areas that exist today; each later capability adds its entry here. */
const WORKSPACE: NavEntry[] = [
  { to: "/command-center", label: "Command Center", icon: Sparkles, testId: "nav-command-center" },
  { to: "/threads", label: "Threads", icon: MessagesSquare, testId: "nav-threads" },
  { to: "/dossier", label: "Dossier", icon: FolderClosed, testId: "nav-dossier" },
  {
    to: "/prompt-library",
    label: "Prompt Library",
    icon: BookOpenText,
    testId: "nav-prompt-library",
  },
  {
    to: "/modules",
    label: "Modules",
    icon: Blocks,
    testId: "nav-modules",
    except: "/modules/drafts",
  },
  { to: "/modules/drafts", label: "Drafts", icon: FilePen, testId: "nav-drafts" },
];
/** Superadmins only. */
const ADMIN: NavEntry[] = [
  { to: "/admin/prompts", label: "Prompts", icon: ShieldCheck, testId: "nav-admin-prompts" },
  { to: "/admin/modules", label: "Modules", icon: Blocks, testId: "nav-admin-modules" },
];
const SETTINGS: NavEntry[] = [
  { to: "/account", label: "Account", icon: UserRound, testId: "nav-account" },
];

function NavItem({ entry, open }: { entry: NavEntry; open: boolean }) {
  const Icon = entry.icon;
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const excluded = entry.except !== undefined && pathname.startsWith(entry.except);
  const link = (
    <Link
      to={entry.to}
      // Its own area only: the deeper area named by `except` lights its own entry.
      activeOptions={{ exact: excluded }}
      aria-label={entry.label}
      data-testid={entry.testId}
      className={cn(
        "flex h-8 items-center gap-2.5 rounded-md px-2.5 font-medium text-[13px] outline-none",
        "text-sidebar-foreground/80 transition-colors hover:bg-sidebar-accent hover:text-foreground",
        "focus-visible:ring-2 focus-visible:ring-ring",
        "data-[status=active]:bg-sidebar-accent data-[status=active]:text-foreground",
        !open && "justify-center px-0",
        open && "max-md:justify-center max-md:px-0",
      )}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span className={cn("hidden truncate", open && "md:inline")}>{entry.label}</span>
    </Link>
  );
  return open ? (
    link
  ) : (
    <Tooltip content={entry.label} side="right">
      {link}
    </Tooltip>
  );
}

function NavSection({
  title,
  entries,
  open,
}: {
  title: string;
  entries: NavEntry[];
  open: boolean;
}) {
  return (
    <div className="grid gap-0.5">
      <p
        className={cn(
          "hidden px-2.5 pt-3 pb-1 font-medium text-[11px] text-muted-foreground/80 uppercase tracking-wider",
          open && "md:block",
        )}
      >
        {title}
      </p>
      {entries.map((entry) => (
        <NavItem key={entry.to} entry={entry} open={open} />
      ))}
    </div>
  );
}

export function SidebarNav({ open }: { open: boolean }) {
  const me = useQuery(meOptions());
  return (
    <nav aria-label="Main" className="mt-2 grid gap-2">
      <NavSection title="Workspace" entries={WORKSPACE} open={open} />
      {me.data?.isSuperadmin ? <NavSection title="Admin" entries={ADMIN} open={open} /> : null}
      <NavSection title="Settings" entries={SETTINGS} open={open} />
    </nav>
  );
}
