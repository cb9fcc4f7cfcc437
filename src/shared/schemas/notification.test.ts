import { describe, expect, it } from "vitest";
import { fullPreferences, NOTIFICATION_KINDS } from "./notification.ts";

describe("fullPreferences", () => {
  it("fills every kind with in app by default", () => {
    const prefs = fullPreferences(null);
    for (const kind of NOTIFICATION_KINDS) expect(prefs[kind]).toBe("inApp");
  });

  it("delivers workflow runs as the member chose for module runs until they choose for workflows", () => {
    expect(fullPreferences({ "module.finished": "off" })["workflow.finished"]).toBe("off");
    expect(fullPreferences({ "module.finished": "email" })["workflow.finished"]).toBe("email");
    expect(
      fullPreferences({ "module.finished": "off", "workflow.finished": "inApp" })[
        "workflow.finished"
      ],
    ).toBe("inApp");
    expect(fullPreferences({ "module.finished": "nonsense" })["workflow.finished"]).toBe("inApp");
  });
});
