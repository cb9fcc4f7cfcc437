/**
 * Runs a function under a lock shared by every tab of this origin (Web Locks
 * API), so that only one tab at a time spends a refresh token. Where the API
 * is missing the function simply runs; the in-tab de-duplication and the
 * `storage` event then do what they can.
 */
export type RunExclusive = <T>(name: string, run: () => Promise<T>) => Promise<T>;

export function browserLocks(): RunExclusive {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (!locks) return (_name, run) => run();
  return (name, run) => locks.request(name, () => run());
}
