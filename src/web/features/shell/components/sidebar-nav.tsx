import { useQuery } from "@tanstack/react-query";
import { Link, useRouterState } from "@tanstack/react-router";
import Blocks from "lucide-react/icons/blocks";
import BookOpenText from "lucide-react/icons/book-open-text";
import Building2 from "lucide-react/icons/building-complex";
import FilePen from "lucide-react/icons/file-pen";
import FolderClosed from "lucide-react/icons/folder-closed";
import FolderSearch from "lucide-react/icons/folder-search";
import Gauge from "lucide-react/icons/gauge";
import Library from "lucide-react/icons/library";
import LifeBuoy from "lucide-react/icons/life-buoy";
import MessageSquareText from "lucide-react/icons/message-square-text";
import MessagesSquare from "lucide-react/icons/messages-square";
import ScrollText from "lucide-react/icons/scroll-text";
import ShieldCheck from "lucide-react/icons/shield-check";
import Sparkles from "lucide-react/icons/sparkles";
import Table2 from "lucide-react/icons/table-2";
import UserRound from "lucide-react/icons/user-round";
import Users from "lucide-react/icons/users";
import Workflow from "lucide-react/icons/workflow";
import type { LucideIcon } from "lucide-react/types";
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
    | "/modules/table"
    | "/workflows"
    | "/account"
    | "/admin"
    | "/admin/users"
    | "/admin/organizations"
    | "/admin/dossier"
    | "/admin/chat"
    | "/admin/prompts"
    | "/admin/modules"
    | "/admin/content"
    | "/admin/support"
    | "/admin/audit";
  label: string;
  icon: LucideIcon;
  testId: string;
  /** Deeper areas with their own entries (/modules/drafts under /modules): not this one's. */
  except?: string[];
  /** Lit only on its own address (/admin, whose pages have their own entries). */
  exact?: boolean;
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
    except: ["/modules/drafts", "/modules/table"],
  },
  { to: "/modules/drafts", label: "Drafts", icon: FilePen, testId: "nav-drafts" },
  { to: "/modules/table", label: "Review tables", icon: Table2, testId: "nav-review-tables" },
  { to: "/workflows", label: "Workflows", icon: Workflow, testId: "nav-workflows" },
];
/** Superadmins only. */
const ADMIN: NavEntry[] = [
  { to: "/admin", label: "Overview", icon: Gauge, testId: "nav-admin", exact: true },
  { to: "/admin/users", label: "Users", icon: Users, testId: "nav-admin-users" },
  {
    to: "/admin/organizations",
    label: "Organizations",
    icon: Building2,
    testId: "nav-admin-organizations",
  },
  { to: "/admin/dossier", label: "All dossiers", icon: FolderSearch, testId: "nav-admin-dossier" },
  { to: "/admin/chat", label: "All chats", icon: MessageSquareText, testId: "nav-admin-chat" },
  { to: "/admin/content", label: "Content", icon: Library, testId: "nav-admin-content" },
  { to: "/admin/prompts", label: "Prompts", icon: ShieldCheck, testId: "nav-admin-prompts" },
  { to: "/admin/modules", label: "Modules", icon: Blocks, testId: "nav-admin-modules" },
  { to: "/admin/support", label: "Support inbox", icon: LifeBuoy, testId: "nav-admin-support" },
  { to: "/admin/audit", label: "Audit log", icon: ScrollText, testId: "nav-admin-audit" },
];
const SETTINGS: NavEntry[] = [
  { to: "/account", label: "Account", icon: UserRound, testId: "nav-account" },
];

function NavItem({ entry, open }: { entry: NavEntry; open: boolean }) {
  const Icon = entry.icon;
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const excluded = entry.except?.some((path) => pathname.startsWith(path)) ?? false;
  const link = (
    <Link
      to={entry.to}
      // Its own area only: the deeper area named by `except` lights its own entry.
      activeOptions={{ exact: excluded || entry.exact === true }}
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
