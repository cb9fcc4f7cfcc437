import { useId } from "react";
import { APP_NAME } from "./app-name.ts";
import { cn } from "./ui/cn.ts";

/** The product mark: an arch (the atrium) that reads as an "A", on the brand gradient. */
export function LogoMark({ className }: { className?: string }) {
  const id = useId();
  return (
    <svg
      viewBox="0 0 32 32"
      fill="none"
      aria-hidden="true"
      className={cn("size-7 shrink-0 drop-shadow-[0_2px_8px_rgb(91_61_245/0.35)]", className)}
    >
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#7C7CFF" />
          <stop offset="1" stopColor="#5B3DF5" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${id})`} />
      <path
        d="M9.5 23.75V14.75a6.5 6.5 0 0 1 13 0v9"
        stroke="#fff"
        strokeWidth="2.75"
        strokeLinecap="round"
      />
      <path d="M9.5 18.5h13" stroke="#fff" strokeWidth="2.75" strokeLinecap="round" />
    </svg>
  );
}

/** Mark plus the product name. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2.5", className)}>
      <LogoMark />
      <span className="font-semibold text-[15px] tracking-tight">{APP_NAME}</span>
    </span>
  );
}
