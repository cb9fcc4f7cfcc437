import CircleCheck from "lucide-react/icons/circle-check";
import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import Info from "lucide-react/icons/info";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import X from "lucide-react/icons/x";
import { Toast } from "radix-ui";
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD } from "#shared/constants.ts";
import { cn } from "./cn.ts";
import { type ToastItem, type ToastVariant, useToastStore } from "./toast-store.ts";

const icons: Record<ToastVariant, typeof Info> = {
  default: Info,
  success: CircleCheck,
  error: CircleAlert,
  warning: TriangleAlert,
};

const iconColors: Record<ToastVariant, string> = {
  default: "text-muted-foreground",
  success: "text-success",
  error: "text-destructive",
  warning: "text-warning",
};

function ToastCard({ item }: { item: ToastItem }) {
  const dismiss = useToastStore((s) => s.dismiss);
  const variant = item.variant ?? "default";
  const Icon = icons[variant];
  return (
    <Toast.Root
      open={item.open}
      onOpenChange={(open) => {
        if (!open) dismiss(item.id);
      }}
      duration={item.duration}
      type={variant === "error" ? "foreground" : "background"}
      data-testid="toast"
      data-variant={variant}
      className={cn(
        "group pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border",
        "bg-popover p-4 pr-10 text-popover-foreground shadow-2xl shadow-black/25",
        "data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out",
        "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]",
        "data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform",
        "data-[swipe=end]:animate-toast-swipe-out",
        variant === "error" && "border-destructive/40",
      )}
    >
      <Icon aria-hidden="true" className={cn("mt-0.5 size-4 shrink-0", iconColors[variant])} />
      <div className="grid min-w-0 gap-1">
        <Toast.Title className="font-medium text-sm leading-snug">{item.title}</Toast.Title>
        {item.description ? (
          <Toast.Description className="text-muted-foreground text-[13px] leading-snug">
            {item.description}
          </Toast.Description>
        ) : null}
      </div>
      <Toast.Close
        aria-label="Dismiss notification"
        className={cn(
          "absolute top-3 right-3 rounded-md p-1 text-muted-foreground opacity-70 outline-none",
          "transition hover:bg-accent hover:text-foreground hover:opacity-100",
          "focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring",
        )}
      >
        <X aria-hidden="true" className="size-3.5" />
      </Toast.Close>
    </Toast.Root>
  );
}

/** The toast area: mount once at the root. Swipe right to dismiss. */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      swipeDirection="right"
    >
      {toasts.map((item) => (
        <ToastCard key={item.id} item={item} />
      ))}
      <Toast.Viewport
        className={cn(
          "fixed right-0 bottom-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col-reverse",
          "gap-2 p-4 outline-none sm:max-w-[380px] sm:p-6",
        )}
      />
    </Toast.Provider>
  );
}
