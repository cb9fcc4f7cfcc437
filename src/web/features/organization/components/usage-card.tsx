import { useQuery } from "@tanstack/react-query";
import type { Usage } from "#shared/schemas/organization.ts";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { formatBytes, formatCount } from "../../../lib/format-figures.ts";
import { usageOptions } from "../api/organization-queries.ts";
import { modelColors, UsageChart } from "./usage-chart.tsx";

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-lg border bg-muted/20 px-4 py-3">
      <p className="text-muted-foreground text-xs">{label}</p>
      <p className="mt-1 font-semibold text-xl tabular-nums tracking-tight" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

function totalsOf(usage: Usage) {
  const current = usage.months.at(-1)?.models ?? [];
  const sum = (key: "chats" | "tokens", models = current) => models.reduce((n, m) => n + m[key], 0);
  const perModel = new Map<string, { label: string; chats: number; tokens: number }>();
  for (const month of usage.months) {
    for (const m of month.models) {
      const row = perModel.get(m.modelId) ?? { label: m.label, chats: 0, tokens: 0 };
      row.chats += m.chats;
      row.tokens += m.tokens;
      perModel.set(m.modelId, row);
    }
  }
  return { chatsThisMonth: sum("chats"), tokensThisMonth: sum("tokens"), perModel };
}

/** Admins: documents and storage, and chats and tokens per model over six months. */
export function UsageCard() {
  const usage = useQuery(usageOptions());
  return (
    <Card aria-labelledby="org-usage-title" role="region" data-testid="org-usage">
      <CardHeader>
        <CardTitle id="org-usage-title">Usage</CardTitle>
        <CardDescription>
          Documents and storage today; chats and tokens per model over the last six months.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {usage.data ? (
          <UsageBody usage={usage.data} />
        ) : (
          <div className="grid gap-3 sm:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-16" />
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function UsageBody({ usage }: { usage: Usage }) {
  const { chatsThisMonth, tokensThisMonth, perModel } = totalsOf(usage);
  const colors = modelColors(usage);
  return (
    <div className="grid gap-6">
      <div className="grid gap-3 sm:grid-cols-4">
        <Figure
          label="Documents"
          value={formatCount(usage.documents.count)}
          testId="usage-documents"
        />
        <Figure label="Storage" value={formatBytes(usage.documents.bytes)} testId="usage-storage" />
        <Figure label="Chats this month" value={formatCount(chatsThisMonth)} testId="usage-chats" />
        <Figure
          label="Tokens this month"
          value={formatCount(tokensThisMonth)}
          testId="usage-tokens"
        />
      </div>
      <div className="grid gap-4 md:grid-cols-[1fr_14rem]">
        <UsageChart usage={usage} />
        {perModel.size > 0 ? (
          <ul className="grid content-start gap-2 text-sm" aria-label="Models">
            {[...perModel.entries()]
              .sort((a, b) => b[1].tokens - a[1].tokens)
              .map(([id, m]) => (
                <li key={id} className="flex items-center gap-2">
                  <span
                    aria-hidden="true"
                    className="size-2.5 shrink-0 rounded-sm"
                    style={{ background: colors.get(id) }}
                  />
                  <span className="min-w-0 flex-1 truncate">{m.label}</span>
                  <span className="text-muted-foreground text-xs tabular-nums">
                    {formatCount(m.tokens)} · {m.chats} {m.chats === 1 ? "chat" : "chats"}
                  </span>
                </li>
              ))}
          </ul>
        ) : (
          <p className="self-center text-muted-foreground text-sm">
            No chats in the last six months.
          </p>
        )}
      </div>
    </div>
  );
}
