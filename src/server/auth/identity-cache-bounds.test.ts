import { afterEach, describe, expect, it, vi } from "vitest";
import type { User } from "#shared/schemas/user.ts";
import type { Identity } from "./identity.ts";
import { IdentityCache } from "./identity-cache.ts";

const identity = (n: number): Identity => ({
  userId: `u${n}`,
  sessionId: `s${n}`,
  organizationId: "o1",
  role: "Member",
  isSuperadmin: false,
});
const view = (n: number): User => ({
  _id: `u${n}`,
  _creationTime: 0,
  firstName: "A",
  lastName: "B",
  email: `u${n}@example.test`,
  isSuperadmin: false,
  role: "Member",
  organizationId: "o1",
  organization: { _id: "o1", name: "O", slug: "o" },
});

function attached(options: { maxSessions?: number; maxViews?: number }): IdentityCache {
  const cache = new IdentityCache(options);
  cache.attach();
  return cache;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("IdentityCache bounds (memory)", () => {
  it("never holds more sessions than its bound", () => {
    const cache = attached({ maxSessions: 10 });
    const end = Date.now() + 60_000;
    for (let n = 0; n < 1000; n++) cache.storeIdentity(cache.ticket(), identity(n), end);
    expect(cache.size).toBeLessThanOrEqual(10);
    expect(cache.identity("s999", "u999")).toEqual(identity(999));
  });

  it("when full, drops the sessions that have ended before the live ones", () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const cache = attached({ maxSessions: 4 });
    cache.storeIdentity(cache.ticket(), identity(1), Date.now() + 1000);
    cache.storeIdentity(cache.ticket(), identity(2), Date.now() + 1000);
    cache.storeIdentity(cache.ticket(), identity(3), Date.now() + 600_000);
    cache.storeIdentity(cache.ticket(), identity(4), Date.now() + 600_000);
    vi.setSystemTime(1_000_000 + 2000); // s1 and s2 have ended, unread
    cache.storeIdentity(cache.ticket(), identity(5), Date.now() + 600_000);
    expect(cache.size).toBe(3);
    for (const n of [3, 4, 5]) expect(cache.identity(`s${n}`, `u${n}`)).toEqual(identity(n));
    // Full of live sessions: everything goes (and is read again), never more than the bound.
    cache.storeIdentity(cache.ticket(), identity(6), Date.now() + 600_000);
    cache.storeIdentity(cache.ticket(), identity(7), Date.now() + 600_000);
    expect(cache.size).toBe(1);
    expect(cache.identity("s7", "u7")).toEqual(identity(7));
  });

  it("storing a session again when full keeps the others", () => {
    const cache = attached({ maxSessions: 2 });
    const end = Date.now() + 60_000;
    cache.storeIdentity(cache.ticket(), identity(1), end);
    cache.storeIdentity(cache.ticket(), identity(2), end);
    cache.storeIdentity(cache.ticket(), identity(2), end);
    expect(cache.size).toBe(2);
    expect(cache.identity("s1", "u1")).toEqual(identity(1));
  });

  it("never holds more users' views than its bound", () => {
    const cache = attached({ maxViews: 5 });
    for (let n = 0; n < 100; n++) cache.storeUserView(cache.ticket(), view(n));
    expect(cache.userView("u99")).toEqual(view(99));
    const kept = Array.from({ length: 100 }, (_, n) => cache.userView(`u${n}`)).filter(Boolean);
    expect(kept.length).toBeLessThanOrEqual(5);
    // Storing a view already there when full drops nothing.
    cache.storeUserView(cache.ticket(), view(99));
    expect(
      Array.from({ length: 100 }, (_, n) => cache.userView(`u${n}`)).filter(Boolean),
    ).toHaveLength(kept.length);
  });
});
