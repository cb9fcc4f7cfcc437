import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import { cloneElement, type ReactElement, useId } from "react";
import { cn } from "./cn.ts";
import { Label } from "./label.tsx";

interface ControlProps {
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

interface FormFieldProps {
  label: string;
  /** One input-like element; it gets the id and the aria attributes. */
  children: ReactElement<ControlProps>;
  error?: string;
  description?: string;
  className?: string;
  /** Shown at the right of the label (a "Forgot password?" link, say). */
  aside?: ReactElement;
}

/** A label, a control, an optional hint and the field's error text, wired for screen readers. */
export function FormField({
  label,
  children,
  error,
  description,
  className,
  aside,
}: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [description && !error ? hintId : null, error ? errorId : null].filter(
    Boolean,
  );
  const control = cloneElement(children, {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy.length > 0 ? describedBy.join(" ") : undefined,
  });
  return (
    <div className={cn("grid content-start gap-2", className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {control}
      {description && !error ? (
        <p id={hintId} className="text-muted-foreground text-xs">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="flex items-center gap-1.5 text-destructive text-xs">
          <CircleAlert aria-hidden="true" className="size-3.5 shrink-0" />
          {error}
        </p>
      ) : null}
    </div>
  );
}
