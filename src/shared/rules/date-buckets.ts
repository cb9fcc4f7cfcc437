/** SPEC 5 "Date grouping": the buckets of listings grouped by date, newest first. */

export const DATE_BUCKETS = [
  "Today",
  "Yesterday",
  "Previous 7 Days",
  "Previous 30 Days",
  "Older",
] as const;

export type DateBucket = (typeof DATE_BUCKETS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The bucket of `date` seen from `now`, in the local time zone: under 1 day and the same
 * calendar day is Today; under 2 days and the previous calendar day is Yesterday; then under
 * 7 and under 30 days; otherwise Older. A date slightly in the future (clock skew between
 * server and browser) counts as Today; an invalid date as Older.
 */
export function dateBucket(date: Date | number, now: Date = new Date()): DateBucket {
  const time = typeof date === "number" ? date : date.getTime();
  const age = now.getTime() - time;
  if (Number.isNaN(age)) return "Older";
  if (age < 0) return "Today";
  if (age < DAY_MS && isSameCalendarDay(time, now)) return "Today";
  if (age < 2 * DAY_MS && isSameCalendarDay(time, previousCalendarDay(now))) return "Yesterday";
  if (age < 7 * DAY_MS) return "Previous 7 Days";
  if (age < 30 * DAY_MS) return "Previous 30 Days";
  return "Older";
}

export interface DateGroup<T> {
  bucket: DateBucket;
  items: T[];
}

/** Items grouped into the buckets in DATE_BUCKETS order, empty buckets left out. */
export function groupByDateBucket<T>(
  items: readonly T[],
  getDate: (item: T) => Date | number,
  now: Date = new Date(),
): DateGroup<T>[] {
  const groups = new Map<DateBucket, T[]>(DATE_BUCKETS.map((bucket) => [bucket, []]));
  for (const item of items) groups.get(dateBucket(getDate(item), now))?.push(item);
  return DATE_BUCKETS.flatMap((bucket) => {
    const bucketItems = groups.get(bucket) ?? [];
    return bucketItems.length > 0 ? [{ bucket, items: bucketItems }] : [];
  });
}

function isSameCalendarDay(time: number, day: Date): boolean {
  const date = new Date(time);
  return (
    date.getFullYear() === day.getFullYear() &&
    date.getMonth() === day.getMonth() &&
    date.getDate() === day.getDate()
  );
}

/** Noon of the day before, so daylight-saving shifts cannot move it two days back. */
function previousCalendarDay(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 12);
}
