import { dateBucket } from "#shared/rules/date-buckets.ts";

/** When a thread was last active, as short as its date group allows ("14:05", "Mon", "Mar 3"). */
export function formatThreadTime(time: number, now: Date = new Date()): string {
  const date = new Date(time);
  const bucket = dateBucket(date, now);
  if (bucket === "Today")
    return date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  if (bucket === "Yesterday")
    return `Yesterday, ${date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}`;
  if (bucket === "Previous 7 Days") return date.toLocaleDateString([], { weekday: "long" });
  const sameYear = date.getFullYear() === now.getFullYear();
  return date.toLocaleDateString([], {
    month: "short",
    day: "numeric",
    ...(sameYear ? {} : { year: "numeric" }),
  });
}
