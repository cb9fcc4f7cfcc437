import { describe, expect, it } from "vitest";
import { SessionQuota, SYNC_LIMITS } from "./sync-limits.ts";

const member = (subscriptionCount = 0) => ({ isOpen: true, subscriptionCount });

describe("SessionQuota", () => {
  it("admits a session's sockets up to the limit; a closing or departed one frees its slot", () => {
    const quota = new SessionQuota<ReturnType<typeof member>>();
    const members = Array.from({ length: SYNC_LIMITS.socketsPerSession }, () => member());
    for (const m of members) expect(quota.join("s1", m)).toBe(true);
    expect(quota.join("s1", members[0]!)).toBe(true);
    expect(quota.join("s1", member())).toBe(false);
    expect(quota.join("s2", member())).toBe(true);

    members[0]!.isOpen = false;
    expect(quota.join("s1", member())).toBe(true);
    quota.leave("s1", members[1]!);
    expect(quota.join("s1", member())).toBe(true);
    expect(quota.join("s1", member())).toBe(false);
  });

  it("refuses a subscription over the socket's or the session's limit", () => {
    const quota = new SessionQuota<ReturnType<typeof member>>();
    const full = member(SYNC_LIMITS.subscriptionsPerSocket);
    expect(quota.subscriptionRefusal(null, full)?.errorData).toEqual({
      code: "RATE_LIMITED",
      limit: SYNC_LIMITS.subscriptionsPerSocket,
    });

    const half = SYNC_LIMITS.subscriptionsPerSession / 2;
    const [a, b, c] = [member(half), member(half - 1), member(0)];
    for (const m of [a, b, c]) quota.join("s1", m);
    expect(quota.subscriptionRefusal("s1", c)).toBeNull();
    b.subscriptionCount = half;
    expect(quota.subscriptionRefusal("s1", c)?.errorData).toEqual({
      code: "RATE_LIMITED",
      limit: SYNC_LIMITS.subscriptionsPerSession,
    });
    // Anonymous sockets and other sessions are not counted with s1.
    expect(quota.subscriptionRefusal(null, c)).toBeNull();
    expect(quota.subscriptionRefusal("s2", c)).toBeNull();
    a.isOpen = false;
    expect(quota.subscriptionRefusal("s1", c)).toBeNull();
  });
});
