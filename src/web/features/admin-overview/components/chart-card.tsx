import { Link } from "@tanstack/react-router";
import ArrowRight from "lucide-react/icons/arrow-right";
import ChartNoAxesColumn from "lucide-react/icons/chart-no-axes-column";
import type { ReactNode } from "react";
import { Card } from "../../../components/ui/card.tsx";

export type AdminListPath =
  | "/admin/organizations"
  | "/admin/users"
  | "/admin/chat"
  | "/admin/dossier"
  | "/admin/audit";

/** A chart with its title, what it shows, a link to the list behind it, and an empty state. */
export function ChartCard({
  title,
  description,
  link,
  empty,
  testId,
  children,
}: {
  title: string;
  description: string;
  link: { to: AdminListPath; label: string };
  empty: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card className="flex min-w-0 flex-col p-5" data-testid={testId}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-semibold text-[15px] leading-tight">{title}</h2>
          <p className="mt-1 text-muted-foreground text-xs">{description}</p>
        </div>
        <Link
          to={link.to}
          className="inline-flex shrink-0 items-center gap-1 rounded-md px-1.5 py-0.5 font-medium text-primary text-xs outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {link.label}
          <ArrowRight aria-hidden="true" className="size-3" />
        </Link>
      </div>
      <div className="mt-4 h-[220px]">
        {empty ? (
          <div
            className="flex h-full flex-col items-center justify-center rounded-lg border border-dashed text-center"
            data-testid={`${testId}-empty`}
          >
            <ChartNoAxesColumn aria-hidden="true" className="mb-2 size-5 text-muted-foreground" />
            <p className="font-medium text-sm">Nothing yet</p>
            <p className="mt-1 max-w-60 text-muted-foreground text-xs">
              No activity of this kind in this range.
            </p>
          </div>
        ) : (
          <figure aria-label={`${title}: ${description}`} className="h-full">
            {children}
          </figure>
        )}
      </div>
    </Card>
  );
}
