// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { LEAVE_PAGE_WARNING } from "#shared/constants.ts";
import { installLeaveGuard } from "./leave-guard.ts";

function leave(): Event & { returnValue: unknown } {
  const event = new Event("beforeunload", { cancelable: true });
  const withValue = Object.assign(event, { returnValue: "" });
  window.dispatchEvent(withValue);
  return withValue;
}

describe("installLeaveGuard", () => {
  it("asks before leaving only while something is in flight", () => {
    let busy = false;
    const remove = installLeaveGuard(() => busy);
    expect(leave().defaultPrevented).toBe(false);
    busy = true;
    const event = leave();
    expect(event.defaultPrevented).toBe(true);
    expect(event.returnValue).toBe(LEAVE_PAGE_WARNING);
    remove();
    expect(leave().defaultPrevented).toBe(false);
  });
});
