import FileText from "lucide-react/icons/file-text";
import FolderTree from "lucide-react/icons/folder-tree";
import MessagesSquare from "lucide-react/icons/messages-square";
import Sparkles from "lucide-react/icons/sparkles";
import Workflow from "lucide-react/icons/workflow";
import { LogoMark } from "../../../components/logo.tsx";

const NAV = [
  { label: "Command Center", icon: Sparkles, active: true },
  { label: "Dossier", icon: FolderTree, active: false },
  { label: "Workflows", icon: Workflow, active: false },
  { label: "Threads", icon: MessagesSquare, active: false },
];

const SOURCES = ["Supplier agreement 2024.pdf", "Q3 amendments.docx"];

/** A drawn (not screenshotted) picture of the workspace; decorative only. */
export function ProductPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto max-w-5xl px-6">
      <div className="absolute inset-x-16 -top-6 h-40 rounded-full bg-primary/25 blur-3xl" />
      <div className="relative overflow-hidden rounded-xl border bg-sidebar shadow-2xl shadow-black/30 ring-1 ring-white/5">
        <div className="flex h-9 items-center gap-1.5 border-b px-4">
          <span className="size-2.5 rounded-full bg-foreground/15" />
          <span className="size-2.5 rounded-full bg-foreground/15" />
          <span className="size-2.5 rounded-full bg-foreground/15" />
        </div>
        <div className="flex h-[340px] sm:h-[380px]">
          <div className="hidden w-48 shrink-0 flex-col gap-1 p-3 sm:flex">
            <div className="mb-3 flex items-center gap-2 px-1">
              <LogoMark className="size-5 drop-shadow-none" />
              <span className="h-2.5 w-16 rounded bg-foreground/20" />
            </div>
            {NAV.map(({ label, icon: Icon, active }) => (
              <div
                key={label}
                className={`flex items-center gap-2 rounded-md px-2 py-1.5 text-[11px] ${active ? "bg-sidebar-accent text-foreground" : "text-muted-foreground"}`}
              >
                <Icon className="size-3.5" />
                {label}
              </div>
            ))}
          </div>
          <div className="m-2 flex flex-1 flex-col rounded-lg border bg-background p-5 sm:ml-0">
            <div className="ml-auto max-w-[75%] rounded-2xl rounded-br-sm bg-primary px-4 py-2.5 text-[12.5px] text-primary-foreground">
              What are the key obligations in our supplier contracts this quarter?
            </div>
            <div className="mt-5 flex gap-3">
              <span className="flex size-7 shrink-0 items-center justify-center rounded-full border bg-card">
                <Sparkles className="size-3.5 text-primary" />
              </span>
              <div className="flex-1 space-y-2.5 pt-1">
                <div className="h-2.5 w-11/12 rounded bg-foreground/15" />
                <div className="h-2.5 w-10/12 rounded bg-foreground/15" />
                <div className="h-2.5 w-8/12 rounded bg-foreground/15" />
                <div className="h-2.5 w-9/12 rounded bg-foreground/10" />
                <div className="flex flex-wrap gap-2 pt-2">
                  {SOURCES.map((source) => (
                    <span
                      key={source}
                      className="inline-flex items-center gap-1.5 rounded-md border bg-card px-2 py-1 text-[10.5px] text-muted-foreground"
                    >
                      <FileText className="size-3" />
                      {source}
                    </span>
                  ))}
                </div>
              </div>
            </div>
            <div className="mt-auto flex items-center gap-2 rounded-lg border bg-card px-3 py-2.5">
              <span className="h-2.5 w-40 rounded bg-foreground/10" />
              <span className="ml-auto flex size-6 items-center justify-center rounded-md bg-primary/90" />
            </div>
          </div>
        </div>
      </div>
      <div className="pointer-events-none absolute inset-x-0 bottom-0 h-24 bg-gradient-to-t from-background to-transparent" />
    </div>
  );
}
