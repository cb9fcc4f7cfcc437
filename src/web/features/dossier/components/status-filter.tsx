import ListFilter from "lucide-react/icons/list-filter";
import { PROCESSING_STATUSES, type ProcessingStatus } from "#shared/schemas/dossier.ts";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
import { STATUS_LABELS } from "./status-badge.tsx";

const ALL = "all";

/** Show only documents with one processing status (SPEC 2's processingStatus param). */
export function StatusFilter({
  value,
  onChange,
}: {
  value: ProcessingStatus | undefined;
  onChange: (status: ProcessingStatus | undefined) => void;
}) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          data-testid="status-filter"
          className={cn("h-8", value && "border-primary/50 bg-primary/10 text-foreground")}
        >
          <ListFilter aria-hidden="true" />
          {value ? STATUS_LABELS[value] : "Status"}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-44">
        <DropdownMenuLabel>Processing status</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={value ?? ALL}
          onValueChange={(next) => onChange(PROCESSING_STATUSES.find((status) => status === next))}
        >
          <DropdownMenuRadioItem value={ALL} data-testid="status-filter-all">
            All statuses
          </DropdownMenuRadioItem>
          {PROCESSING_STATUSES.map((status) => (
            <DropdownMenuRadioItem
              key={status}
              value={status}
              data-testid={`status-filter-${status}`}
            >
              {STATUS_LABELS[status]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
