import { v7 } from "uuid";

/** Time-ordered UUIDs (v7): unique, unguessable enough for ids, index friendly. */
export const newId = (): string => v7();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);
