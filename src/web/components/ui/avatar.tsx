import { Avatar as AvatarPrimitive } from "radix-ui";
import { cn } from "./cn.ts";

/** "Ada Lovelace" -> "AL"; falls back to the e-mail's first letter, then "?". */
export function initialsOf(firstName: string, lastName: string, email = ""): string {
  const letters = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`;
  return (letters || email.trim().charAt(0) || "?").toUpperCase();
}

interface AvatarProps {
  initials: string;
  src?: string;
  className?: string;
}

export function Avatar({ initials, src, className }: AvatarProps) {
  return (
    <AvatarPrimitive.Root
      className={cn(
        "relative inline-flex size-8 shrink-0 select-none overflow-hidden rounded-full",
        className,
      )}
    >
      {src ? <AvatarPrimitive.Image src={src} alt="" className="size-full object-cover" /> : null}
      <AvatarPrimitive.Fallback
        className={cn(
          "flex size-full items-center justify-center bg-gradient-to-br from-brand-from to-brand-to",
          "font-semibold text-[0.7rem] text-white tracking-wide",
        )}
      >
        {initials}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
