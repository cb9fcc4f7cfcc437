import FileImage from "lucide-react/icons/file-image";
import FileSpreadsheet from "lucide-react/icons/file-spreadsheet";
import FileText from "lucide-react/icons/file-text";
import Presentation from "lucide-react/icons/presentation";
import { FILE_TYPE_INFO, type FileType } from "#shared/file-types.ts";
import { cn } from "./ui/cn.ts";

const ICONS = {
  document: FileText,
  text: FileText,
  spreadsheet: FileSpreadsheet,
  presentation: Presentation,
  image: FileImage,
} as const;

const COLORS = {
  document: "text-sky-400 bg-sky-500/10",
  text: "text-muted-foreground bg-muted",
  spreadsheet: "text-emerald-400 bg-emerald-500/10",
  presentation: "text-orange-400 bg-orange-500/10",
  image: "text-fuchsia-400 bg-fuchsia-500/10",
} as const;

/** A document's kind as a small coloured icon. */
export function DocumentIcon({ fileType, className }: { fileType: FileType; className?: string }) {
  const kind = FILE_TYPE_INFO[fileType].kind;
  const Icon = ICONS[kind];
  return (
    <span
      className={cn(
        "flex size-7 shrink-0 items-center justify-center rounded-md",
        COLORS[kind],
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
    </span>
  );
}
