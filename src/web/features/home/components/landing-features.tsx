import BookOpen from "lucide-react/icons/book-open";
import FolderTree from "lucide-react/icons/folder-tree";
import MessagesSquare from "lucide-react/icons/messages-square";
import Radio from "lucide-react/icons/radio";
import ShieldCheck from "lucide-react/icons/shield-check";
import Workflow from "lucide-react/icons/workflow";
import type { LucideIcon } from "lucide-react/types";

interface Feature {
  title: string;
  description: string;
  icon: LucideIcon;
}

const FEATURES: Feature[] = [
  {
    title: "A dossier for every document",
    description: "Folders, favorites, sharing and search across PDFs, Office files and more.",
    icon: FolderTree,
  },
  {
    title: "Chat with your documents",
    description: "Ask questions in threads with documents attached and get answers with sources.",
    icon: MessagesSquare,
  },
  {
    title: "Modules and workflows",
    description: "Run multi-step automations that turn your inputs into reviewed drafts.",
    icon: Workflow,
  },
  {
    title: "A shared prompt library",
    description: "Pre-crafted prompts your organization curates, one click away for everyone.",
    icon: BookOpen,
  },
  {
    title: "Live by default",
    description: "What a colleague changes appears on your screen at once, without a reload.",
    icon: Radio,
  },
  {
    title: "Built for organizations",
    description: "Members, administrators and roles, with every organization's data kept apart.",
    icon: ShieldCheck,
  },
];

export function LandingFeatures() {
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className="mx-auto max-w-6xl scroll-mt-8 px-6 py-24"
    >
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="features-title" className="font-semibold text-3xl tracking-tight">
          Everything your team needs to work with documents
        </h2>
        <p className="mt-4 text-muted-foreground">
          One workspace for the files you keep, the questions you ask and the work you automate.
        </p>
      </div>
      <ul className="mt-14 grid gap-px overflow-hidden rounded-xl border bg-border sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ title, description, icon: Icon }) => (
          <li key={title} className="bg-background p-7 transition-colors hover:bg-card">
            <span className="flex size-9 items-center justify-center rounded-lg border bg-card text-primary">
              <Icon aria-hidden="true" className="size-[18px]" />
            </span>
            <h3 className="mt-5 font-medium">{title}</h3>
            <p className="mt-2 text-muted-foreground text-sm leading-relaxed">{description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
