import UploadCloud from "lucide-react/icons/cloud-upload";
import { type DragEvent, type ReactNode, useRef, useState } from "react";
import { cn } from "../../../components/ui/cn.ts";

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes("Files");

interface DropZoneProps {
  onFiles: (files: File[]) => void;
  /** Where dropped files go, for the overlay ("Drop files to upload to Contracts"). */
  targetName: string;
  children: ReactNode;
  className?: string;
}

/** Files dragged over the folder's area show an overlay; dropping uploads them there. */
export function DropZone({ onFiles, targetName, children, className }: DropZoneProps) {
  const [active, setActive] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them.
  const depth = useRef(0);

  return (
    <section
      aria-label={`Contents of ${targetName}`}
      data-testid="drop-zone"
      data-active={active || undefined}
      className={cn("relative", className)}
      onDragEnter={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        depth.current += 1;
        setActive(true);
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
      }}
      onDragLeave={(event) => {
        if (!hasFiles(event)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setActive(false);
      }}
      onDrop={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        depth.current = 0;
        setActive(false);
        onFiles([...event.dataTransfer.files]);
      }}
    >
      {children}
      {active ? (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-2 z-20 flex items-center justify-center rounded-xl border-2 border-primary/60 border-dashed bg-primary/10 backdrop-blur-[2px]"
        >
          <div className="flex flex-col items-center gap-3 rounded-xl bg-popover/90 px-8 py-6 text-center shadow-xl">
            <UploadCloud className="size-8 text-primary" />
            <p className="font-medium">Drop files to upload</p>
            <p className="text-muted-foreground text-sm">They go into {targetName}.</p>
          </div>
        </div>
      ) : null}
    </section>
  );
}
