import { describe, expect, it } from "vitest";
import type { Identity } from "./identity.ts";
import { IdentityCache } from "./identity-cache.ts";

const identity = (over: Partial<Identity> = {}): Identity => ({
  userId: "u1",
  sessionId: "s1",
  organizationId: "o1",
  role: "Member",
  isSuperadmin: false,
  ...over,
});
const later = () => Date.now() + 60_000;
const change = (t: string, i: string, o: string | null = null) =>
  JSON.stringify({ t, o, i }).replaceAll(":", " : ");

function attached(): IdentityCache {
  const cache = new IdentityCache();
  cache.attach();
  return cache;
}

describe("IdentityCache", () => {
  it("stores nothing until attached to a feed, and nothing after it is lost", () => {
    const cache = new IdentityCache();
    cache.storeIdentity(cache.ticket(), identity(), later());
    expect(cache.identity("s1", "u1")).toBeUndefined();
    cache.attach();
    cache.storeIdentity(cache.ticket(), identity(), later());
    expect(cache.identity("s1", "u1")).toEqual(identity());
    cache.detach();
    expect(cache.identity("s1", "u1")).toBeUndefined();
    cache.storeIdentity(cache.ticket(), identity(), later());
    expect(cache.identity("s1", "u1")).toBeUndefined();
  });

  it("answers only for the session's own user, and not past the session's end", () => {
    const cache = attached();
    cache.storeIdentity(cache.ticket(), identity(), later());
    expect(cache.identity("s1", "u2")).toBeUndefined();
    cache.storeIdentity(cache.ticket(), identity({ sessionId: "s2" }), Date.now() - 1);
    expect(cache.identity("s2", "u1")).toBeUndefined();
  });

  it("drops a session, a user's sessions and view, an organization's members on their change", () => {
    const cache = attached();
    const view = {
      _id: "u1",
      _creationTime: 0,
      firstName: "A",
      lastName: "B",
      email: "a@b.c",
      isSuperadmin: false,
      role: "Member" as const,
      organizationId: "o1",
      organization: { _id: "o1", name: "O", slug: "o" },
    };
    const fill = () => {
      cache.storeIdentity(cache.ticket(), identity(), later());
      cache.storeIdentity(cache.ticket(), identity({ sessionId: "s2" }), later());
      cache.storeUserView(cache.ticket(), view);
    };
    fill();
    cache.notify(change("sessions", "s1", "o1"));
    expect(cache.identity("s1", "u1")).toBeUndefined();
    expect(cache.identity("s2", "u1")).toBeDefined();
    expect(cache.userView("u1")).toBeDefined();

    cache.notify(change("users", "u1", "o1"));
    expect(cache.identity("s2", "u1")).toBeUndefined();
    expect(cache.userView("u1")).toBeUndefined();

    fill();
    cache.notify(change("documents", "d1", "o1"));
    expect(cache.identity("s1", "u1")).toBeDefined();
    cache.notify(change("organizations", "o1", "o1"));
    expect(cache.identity("s1", "u1")).toBeUndefined();
    expect(cache.userView("u1")).toBeUndefined();
  });

  it("refuses a read that started before a change (its ticket is stale)", () => {
    const cache = attached();
    const ticket = cache.ticket();
    cache.notify(change("sessions", "s9"));
    cache.storeIdentity(ticket, identity(), later());
    expect(cache.identity("s1", "u1")).toBeUndefined();
  });

  it("is bypassed from a commit until that transaction's marker arrives, even if it came first", () => {
    const cache = attached();
    cache.storeIdentity(cache.ticket(), identity(), later());
    cache.fence("m1");
    expect(cache.identity("s1", "u1")).toBeUndefined();
    cache.notify(JSON.stringify({ m: "m1" }));
    expect(cache.identity("s1", "u1")).toBeDefined();
    // The marker before the fence call: no wait at all.
    cache.notify(JSON.stringify({ m: "m2" }));
    cache.fence("m2");
    expect(cache.identity("s1", "u1")).toBeDefined();
  });
});
