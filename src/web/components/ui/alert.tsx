import { cva, type VariantProps } from "class-variance-authority";
import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import Info from "lucide-react/icons/info";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import type { ReactNode } from "react";
import { cn } from "./cn.ts";

const alertVariants = cva("flex gap-3 rounded-lg border px-4 py-3 text-sm", {
  variants: {
    variant: {
      info: "border-primary/25 bg-primary/[0.07] [&>svg]:text-primary",
      warning: "border-warning/30 bg-warning/[0.08] [&>svg]:text-warning",
      error: "border-destructive/30 bg-destructive/[0.08] [&>svg]:text-destructive",
    },
  },
  defaultVariants: { variant: "info" },
});

const icons = { info: Info, warning: TriangleAlert, error: CircleAlert } as const;

interface AlertProps extends VariantProps<typeof alertVariants> {
  title?: string;
  children?: ReactNode;
  className?: string;
  "data-testid"?: string;
}

/** An inline message box; errors are announced to screen readers. */
export function Alert({ variant, title, children, className, ...rest }: AlertProps) {
  const Icon = icons[variant ?? "info"];
  return (
    <div
      role={variant === "error" ? "alert" : "status"}
      className={cn(alertVariants({ variant }), className)}
      data-testid={rest["data-testid"]}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="grid gap-1">
        {title ? <p className="font-medium leading-snug">{title}</p> : null}
        {children ? (
          <div className="text-muted-foreground text-[13px] leading-relaxed">{children}</div>
        ) : null}
      </div>
    </div>
  );
}
