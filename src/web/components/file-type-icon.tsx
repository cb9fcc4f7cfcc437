import FileCode2 from "lucide-react/icons/file-code-corner";
import FileImage from "lucide-react/icons/file-image";
import FileSpreadsheet from "lucide-react/icons/file-spreadsheet";
import FileText from "lucide-react/icons/file-text";
import Presentation from "lucide-react/icons/presentation";
import type { LucideIcon } from "lucide-react/types";
import { FILE_TYPE_INFO, type FileType } from "#shared/file-types.ts";
import { cn } from "./ui/cn.ts";

const ICONS: Record<FileType, LucideIcon> = {
  pdf: FileText,
  docx: FileText,
  xlsx: FileSpreadsheet,
  csv: FileSpreadsheet,
  pptx: Presentation,
  txt: FileText,
  md: FileText,
  html: FileCode2,
  png: FileImage,
  jpg: FileImage,
  gif: FileImage,
  webp: FileImage,
  svg: FileImage,
};

/** One hue per family, from the theme's tokens, so kinds are told apart at a glance. */
const TONES: Record<FileType, string> = {
  pdf: "text-destructive bg-destructive/10",
  docx: "text-primary bg-primary/10",
  xlsx: "text-success bg-success/10",
  csv: "text-success bg-success/10",
  pptx: "text-warning bg-warning/10",
  txt: "text-muted-foreground bg-muted",
  md: "text-muted-foreground bg-muted",
  html: "text-primary bg-primary/10",
  png: "text-brand-from bg-brand-from/10",
  jpg: "text-brand-from bg-brand-from/10",
  gif: "text-brand-from bg-brand-from/10",
  webp: "text-brand-from bg-brand-from/10",
  svg: "text-brand-from bg-brand-from/10",
};

export const fileTypeLabel = (fileType: FileType) => FILE_TYPE_INFO[fileType].label;

/** The file type as a small tinted tile with its icon; named for screen readers. */
export function FileTypeIcon({
  fileType,
  className,
  iconClassName,
}: {
  fileType: FileType;
  className?: string;
  iconClassName?: string;
}) {
  const Icon = ICONS[fileType];
  return (
    <span
      role="img"
      aria-label={fileTypeLabel(fileType)}
      title={fileTypeLabel(fileType)}
      className={cn(
        "inline-flex size-8 shrink-0 items-center justify-center rounded-md",
        TONES[fileType],
        className,
      )}
    >
      <Icon aria-hidden="true" className={cn("size-4", iconClassName)} />
    </span>
  );
}

export function fileTypeIconComponent(fileType: FileType): LucideIcon {
  return ICONS[fileType];
}
