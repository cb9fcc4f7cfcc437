import { describe, expect, it } from "vitest";
import type { BundleReport } from "./bundle-analysis.ts";
import { type BundleBudget, checkBudget, recordSizes } from "./bundle-budget.ts";

function report(loginJs: number, markdown: number): BundleReport {
  return {
    loginDocument: "login.html",
    loginJs: [{ file: "assets/index.js", gzip: loginJs }],
    loginCss: [{ file: "assets/index.css", gzip: 15_000 }],
    appJs: [{ file: "assets/main.js", gzip: 170_000 }],
    lazy: [
      {
        name: "features/chat/components/markdown/markdown.tsx",
        countedBeyond: [],
        own: [{ file: "assets/markdown.js", gzip: markdown }],
        added: [{ file: "assets/markdown.js", gzip: markdown }],
      },
    ],
  };
}

function budget(recordedLogin: number, recordedMarkdown: number): BundleBudget {
  return {
    limits: { loginJs: 150_000, lazyChunk: 100_000, growth: 0.05, growthFloor: 1000 },
    recorded: {
      loginJs: recordedLogin,
      appJs: 170_000,
      lazy: { "features/chat/components/markdown/markdown.tsx": recordedMarkdown },
    },
  };
}

const failures = (r: BundleReport, b: BundleBudget) =>
  checkBudget(r, b)
    .filter((finding) => finding.level === "fail")
    .map((finding) => finding.message);

describe("bundle budget", () => {
  it("passes sizes within the limits and within 5% of those recorded", () => {
    expect(failures(report(140_000, 50_000), budget(135_000, 48_000))).toEqual([]);
  });

  it("fails /login's initial JS over the limit once a recorded size met it", () => {
    expect(failures(report(151_000, 50_000), budget(149_000, 50_000))).toEqual([
      "/login initial JS 151.0 kB, limit 150.0 kB",
    ]);
  });

  it("only warns while the limit has never been met, and still fails growth over 5%", () => {
    const findings = checkBudget(report(174_000, 50_000), budget(174_000, 50_000));
    expect(findings[0]).toEqual({
      level: "warn",
      message: "/login initial JS 174.0 kB, limit 150.0 kB (not met yet: decision 016)",
    });
    expect(failures(report(183_000, 50_000), budget(174_000, 50_000))).toEqual([
      "/login initial JS 183.0 kB, recorded 174.0 kB (+5.2%)",
    ]);
  });

  it("fails a lazy chunk over 100 kB and a lazy part grown more than 5%", () => {
    expect(failures(report(140_000, 101_000), budget(140_000, 90_000))).toEqual([
      "features/chat/components/markdown/markdown.tsx: largest chunk assets/markdown.js 101.0 kB, limit 100.0 kB",
      "features/chat/components/markdown/markdown.tsx: adds 101.0 kB, recorded 90.0 kB (+12.2%)",
    ]);
  });

  it("fails the app document's initial JS grown more than 5%, and warns while unrecorded", () => {
    const grown = {
      ...report(140_000, 50_000),
      appJs: [{ file: "assets/main.js", gzip: 180_000 }],
    };
    expect(failures(grown, budget(140_000, 50_000))).toEqual([
      "app document initial JS 180.0 kB, recorded 170.0 kB (+5.9%)",
    ]);
    const unrecorded = budget(140_000, 50_000);
    delete unrecorded.recorded.appJs;
    expect(checkBudget(report(140_000, 50_000), unrecorded)).toContainEqual({
      level: "warn",
      message: "app document initial JS 170.0 kB, not recorded yet",
    });
  });

  it("lets a small part grow by less than the floor", () => {
    expect(failures(report(140_000, 900), budget(140_000, 300))).toEqual([]);
  });

  it("records the measured sizes and keeps the limits", () => {
    const recorded = recordSizes(report(120_000, 40_000), budget(0, 0));
    expect(recorded).toEqual({
      limits: budget(0, 0).limits,
      recorded: {
        loginJs: 120_000,
        appJs: 170_000,
        lazy: { "features/chat/components/markdown/markdown.tsx": 40_000 },
      },
    });
  });
});
