import Archive from "lucide-react/icons/archive";
import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import Globe from "lucide-react/icons/globe";
import Pencil from "lucide-react/icons/pencil";
import Play from "lucide-react/icons/play";
import type { Prompt } from "#shared/schemas/prompt.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";

interface PromptCardProps {
  prompt: Prompt;
  onUse: () => void;
  onEdit: () => void;
  onArchive: () => void;
  /** Move it one place earlier or later among the prompts the caller may edit; absent: not offered. */
  onMove?: { earlier?: () => void; later?: () => void };
}

/** One prompt: title, category, description, its variables, and what the caller may do. */
export function PromptCard({ prompt, onUse, onEdit, onArchive, onMove }: PromptCardProps) {
  return (
    <Card className="flex flex-col p-5" data-testid="prompt-card">
      <div className="flex items-start justify-between gap-3">
        <h2 className="font-semibold text-[15px] leading-snug tracking-tight">{prompt.title}</h2>
        {prompt.category ? (
          <span className="inline-flex h-5 shrink-0 items-center rounded-full border bg-muted/50 px-2 font-medium text-[11px] text-muted-foreground">
            {prompt.category}
          </span>
        ) : null}
      </div>
      {prompt.description ? (
        <p className="mt-1.5 line-clamp-2 text-muted-foreground text-sm">{prompt.description}</p>
      ) : null}
      <p className="mt-3 line-clamp-3 whitespace-pre-line rounded-md bg-muted/40 px-3 py-2 font-mono text-[12px] text-foreground/80 leading-relaxed">
        {prompt.body}
      </p>
      {prompt.variables.length > 0 ? (
        <ul aria-label="Variables" className="mt-3 flex flex-wrap gap-1.5">
          {prompt.variables.map((name) => (
            <li
              key={name}
              className="rounded-md border border-primary/25 bg-primary/10 px-1.5 py-0.5 font-mono text-[11px] text-primary"
            >
              {name}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto flex items-center gap-1 pt-4">
        <Button size="sm" onClick={onUse} data-testid="prompt-use">
          <Play aria-hidden="true" />
          Use
        </Button>
        {prompt.isGlobal ? (
          <span className="ml-2 inline-flex items-center gap-1 text-[11px] text-muted-foreground">
            <Globe aria-hidden="true" className="size-3.5" />
            All organizations
          </span>
        ) : null}
        {prompt.canEdit ? (
          <div className="ml-auto flex items-center gap-1">
            {onMove ? (
              <>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Move ${prompt.title} earlier`}
                  disabled={!onMove.earlier}
                  onClick={onMove.earlier}
                  data-testid="prompt-move-earlier"
                >
                  <ChevronLeft aria-hidden="true" />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Move ${prompt.title} later`}
                  disabled={!onMove.later}
                  onClick={onMove.later}
                  data-testid="prompt-move-later"
                >
                  <ChevronRight aria-hidden="true" />
                </Button>
              </>
            ) : null}
            <Button
              size="icon"
              variant="ghost"
              aria-label={`Edit ${prompt.title}`}
              onClick={onEdit}
              data-testid="prompt-edit"
            >
              <Pencil aria-hidden="true" />
            </Button>
            <Button
              size="icon"
              variant="ghost"
              aria-label={`Archive ${prompt.title}`}
              onClick={onArchive}
              data-testid="prompt-archive"
            >
              <Archive aria-hidden="true" />
            </Button>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
