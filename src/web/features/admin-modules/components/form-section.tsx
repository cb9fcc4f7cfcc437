import type { ReactNode } from "react";
import { Card } from "../../../components/ui/card.tsx";

/** One titled block of the module form or detail page. */
export function FormSection({
  title,
  description,
  children,
  testId,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card className="grid gap-5 p-6" data-testid={testId}>
      <div>
        <h2 className="font-semibold text-base tracking-tight">{title}</h2>
        {description ? <p className="mt-1 text-muted-foreground text-sm">{description}</p> : null}
      </div>
      {children}
    </Card>
  );
}
