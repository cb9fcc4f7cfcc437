import type { ReactNode } from "react";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card.tsx";

interface SectionCardProps {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** One titled section of the account page; `id` is its anchor (/account#password). */
export function SectionCard({ id, title, description, children, footer }: SectionCardProps) {
  return (
    <Card id={id} aria-labelledby={`${id}-title`} role="region" className="scroll-mt-8">
      <CardHeader>
        <CardTitle id={`${id}-title`}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
      {footer}
    </Card>
  );
}
