import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import ArrowRight from "lucide-react/icons/arrow-right";
import Blocks from "lucide-react/icons/blocks";
import BookOpen from "lucide-react/icons/book-open";
import LifeBuoy from "lucide-react/icons/life-buoy";
import type { LucideIcon } from "lucide-react/types";
import type { ReactNode } from "react";
import { PageHeader } from "../../../components/page-header.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { SUPPORT_FAQ } from "../../../lib/help-articles.ts";
import { contentModulesOptions, contentPromptsOptions } from "../api/content-queries.ts";

/**
 * /admin/content (decision 024): the content members see, in one place: the
 * prompt library, the modules and the help articles of /account/support,
 * with their counts and status, and where each is edited.
 */
export function ContentPage() {
  usePageTitle("Content · Admin");
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-10 sm:px-6 md:py-12">
      <PageHeader
        title="Content"
        description="What members see besides their own work: prompts, modules and help"
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <PromptsCard />
        <ModulesCard />
      </div>
      <HelpCard />
    </div>
  );
}

function ContentCard({
  icon: Icon,
  title,
  description,
  action,
  children,
  testId,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  action: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section
      className="flex flex-col rounded-xl border bg-card p-5"
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
    >
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Icon aria-hidden="true" className="size-4" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={`${testId}-title`} className="font-semibold">
            {title}
          </h2>
          <p className="mt-0.5 text-muted-foreground text-sm">{description}</p>
        </div>
      </div>
      <div className="mt-4 flex-1">{children}</div>
      <div className="mt-4 flex justify-end">{action}</div>
    </section>
  );
}

function Stats({ items }: { items: [string, number | undefined][] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg border bg-background/40 px-3 py-2.5">
          <dt className="text-muted-foreground text-xs">{label}</dt>
          <dd className="mt-0.5 font-semibold text-xl tabular-nums">
            {value === undefined ? <Skeleton className="mt-1 h-6 w-10" /> : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function PromptsCard() {
  const prompts = useQuery(contentPromptsOptions());
  const all = prompts.data;
  const active = all?.filter((p) => p.archivedAt === null);
  return (
    <ContentCard
      icon={BookOpen}
      title="Prompt library"
      description="Pre-crafted prompts: global ones for every organization, and each organization's own."
      testId="content-prompts"
      action={
        <Button asChild variant="outline" size="sm">
          <Link to="/admin/prompts">
            Manage prompts
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      }
    >
      {prompts.error && !all ? (
        <p className="text-destructive text-sm">{prompts.error.message}</p>
      ) : (
        <Stats
          items={[
            ["Active", active?.length],
            ["Global", active?.filter((p) => p.organizationId === null).length],
            ["Organizations'", active?.filter((p) => p.organizationId !== null).length],
            ["Archived", all ? all.length - (active?.length ?? 0) : undefined],
          ]}
        />
      )}
    </ContentCard>
  );
}

function ModulesCard() {
  const modules = useQuery(contentModulesOptions());
  const all = modules.data;
  const live = all?.filter((m) => m.archivedAt === null);
  return (
    <ContentCard
      icon={Blocks}
      title="Modules"
      description="Tools members run on their documents: automations and built-in prompts."
      testId="content-modules"
      action={
        <Button asChild variant="outline" size="sm">
          <Link to="/admin/modules">
            Manage modules
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      }
    >
      {modules.error && !all ? (
        <p className="text-destructive text-sm">{modules.error.message}</p>
      ) : (
        <Stats
          items={[
            ["Active", live?.filter((m) => m.isActive).length],
            ["Inactive", live?.filter((m) => !m.isActive).length],
            ["Archived", all ? all.length - (live?.length ?? 0) : undefined],
            ["Runs", all?.reduce((sum, m) => sum + m.executionCount, 0)],
          ]}
        />
      )}
    </ContentCard>
  );
}

function HelpCard() {
  return (
    <ContentCard
      icon={LifeBuoy}
      title="Help articles"
      description={`${SUPPORT_FAQ.length} answers to common questions, published on /account/support beside the request form. They ship with the product; requests members still send arrive in the support inbox.`}
      testId="content-help"
      action={
        <div className="flex gap-2">
          <Button asChild variant="ghost" size="sm">
            <Link to="/account/support">View as a member</Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to="/admin/support">
              Support inbox
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      }
    >
      <ol className="grid gap-1.5 sm:grid-cols-2">
        {SUPPORT_FAQ.map((entry, index) => (
          <li
            key={entry.question}
            className="flex items-start gap-2.5 rounded-lg border bg-background/40 px-3 py-2 text-sm"
          >
            <span className="mt-0.5 text-muted-foreground text-xs tabular-nums">{index + 1}.</span>
            <span className="min-w-0 flex-1">{entry.question}</span>
            <span className="whitespace-nowrap rounded-full border border-success/30 bg-success/10 px-2 py-0.5 text-[11px] text-success">
              Published
            </span>
          </li>
        ))}
      </ol>
    </ContentCard>
  );
}
