import { useQuery } from "@tanstack/react-query";
import { ToggleGroup } from "radix-ui";
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationDelivery,
} from "#shared/schemas/notification.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { notificationPreferencesOptions } from "../api/notification-queries.ts";
import { useSetNotificationPreferences } from "../hooks/use-notification-mutations.ts";

const CHOICES: { value: NotificationDelivery; label: string }[] = [
  { value: "inApp", label: "In app" },
  { value: "email", label: "Email" },
  { value: "off", label: "Off" },
];

/** Per kind: in app, email (also in app, and emailed in a digest) or off. */
export function NotificationPreferencesCard() {
  const preferences = useQuery(notificationPreferencesOptions());
  const save = useSetNotificationPreferences();
  const emailAvailable = preferences.data?.emailAvailable ?? false;

  return (
    <Card role="region" aria-labelledby="notification-preferences-title" id="preferences">
      <CardHeader>
        <CardTitle id="notification-preferences-title">Delivery</CardTitle>
        <CardDescription>
          Choose how you hear about each kind of event. Email also keeps it here, and sends one
          message for a burst of events rather than one each.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-1 pt-3">
        {preferences.data && !emailAvailable ? (
          <Alert className="mb-3" data-testid="notification-email-unavailable">
            Email is not available: this server has no mail settings. An administrator can add them
            (SMTP_URL and MAIL_FROM).
          </Alert>
        ) : null}
        {NOTIFICATION_KINDS.map((kind) => {
          const { label, description } = NOTIFICATION_KIND_LABELS[kind];
          const value = preferences.data?.preferences[kind];
          return (
            <div
              key={kind}
              className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 border-b py-3 last:border-b-0"
              data-testid={`notification-preference-${kind}`}
            >
              <div className="min-w-0 flex-1 basis-60">
                <p className="font-medium text-sm" id={`pref-${kind}`}>
                  {label}
                </p>
                <p className="text-[13px] text-muted-foreground">{description}</p>
              </div>
              {value === undefined ? (
                <Skeleton className="h-9 w-52" />
              ) : (
                <ToggleGroup.Root
                  type="single"
                  value={value}
                  aria-labelledby={`pref-${kind}`}
                  onValueChange={(next) => {
                    const choice = CHOICES.find((c) => c.value === next);
                    if (choice) save.mutate({ preferences: { [kind]: choice.value } });
                  }}
                  className="inline-flex gap-1 rounded-lg border bg-muted/60 p-1"
                >
                  {CHOICES.map((choice) => {
                    const disabled = choice.value === "email" && !emailAvailable;
                    return (
                      <ToggleGroup.Item
                        key={choice.value}
                        value={choice.value}
                        disabled={disabled}
                        title={disabled ? "Email is not configured on this server" : undefined}
                        data-testid={`notification-preference-${kind}-${choice.value}`}
                        className={cn(
                          "inline-flex h-7 cursor-pointer items-center rounded-md px-3 font-medium text-[13px]",
                          "text-muted-foreground outline-none transition-colors hover:text-foreground",
                          "focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-40",
                          "data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm dark:data-[state=on]:bg-accent",
                        )}
                      >
                        {choice.label}
                      </ToggleGroup.Item>
                    );
                  })}
                </ToggleGroup.Root>
              )}
            </div>
          );
        })}
      </CardContent>
    </Card>
  );
}
