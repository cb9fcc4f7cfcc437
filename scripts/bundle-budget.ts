import { z } from "zod";
import { type BundleReport, total } from "./bundle-analysis.ts";

const bytes = z.number().int().nonnegative();

/**
 * The first page's budget (decision 016), kept in bench/bundle-budget.json: the limits, and the
 * sizes last recorded, against which a regression is measured. Sizes are gzipped bytes.
 */
export const bundleBudgetSchema = z.object({
  limits: z.object({
    /** /login's initial JavaScript. Enforced once a recorded size has met it. */
    loginJs: bytes,
    /** Any one chunk a route or lazy module loads beyond /login's initial set. */
    lazyChunk: bytes,
    /** Allowed growth over the recorded sizes, as a fraction (0.05 = 5%). */
    growth: z.number().nonnegative(),
    /** Growth below this many bytes never counts (a route of a few hundred bytes). */
    growthFloor: bytes,
  }),
  recorded: z.object({
    loginJs: bytes,
    /** The app document's (index.html) initial JS; absent in budgets recorded before it. */
    appJs: bytes.optional(),
    /** What each route or lazy module adds beyond /login's initial set, by name. */
    lazy: z.record(z.string(), bytes),
  }),
});
export type BundleBudget = z.infer<typeof bundleBudgetSchema>;

export interface BudgetFinding {
  /** `warn` is reported and does not fail the check. */
  level: "ok" | "warn" | "fail";
  message: string;
}

const kB = (size: number) => `${(size / 1000).toFixed(1)} kB`;

/**
 * A fresh report against the budget; any `fail` fails CI:
 * - a chunk beyond /login's initial set over `lazyChunk`;
 * - /login's initial JS, the app document's, or what a route or lazy module adds, grown more
 *   than `growth` (and more than `growthFloor` bytes) over its recorded size;
 * - /login's initial JS over `loginJs` once a recorded size met it (until then, a warning).
 */
export function checkBudget(report: BundleReport, budget: BundleBudget): BudgetFinding[] {
  const { limits, recorded } = budget;
  const findings: BudgetFinding[] = [];
  const grew = (now: number, before: number) =>
    now - before > Math.max(before * limits.growth, limits.growthFloor);
  const change = (now: number, before: number) =>
    `${kB(now)}, recorded ${kB(before)} (${now >= before ? "+" : ""}${(((now - before) / before) * 100).toFixed(1)}%)`;

  const login = total(report.loginJs);
  const targetMet = recorded.loginJs <= limits.loginJs;
  findings.push({
    level: login <= limits.loginJs ? "ok" : targetMet ? "fail" : "warn",
    message: `/login initial JS ${kB(login)}, limit ${kB(limits.loginJs)}${
      login > limits.loginJs && !targetMet ? " (not met yet: decision 016)" : ""
    }`,
  });
  findings.push({
    level: grew(login, recorded.loginJs) ? "fail" : "ok",
    message: `/login initial JS ${change(login, recorded.loginJs)}`,
  });
  const app = total(report.appJs);
  findings.push(
    recorded.appJs === undefined
      ? { level: "warn", message: `app document initial JS ${kB(app)}, not recorded yet` }
      : {
          level: grew(app, recorded.appJs) ? "fail" : "ok",
          message: `app document initial JS ${change(app, recorded.appJs)}`,
        },
  );
  for (const entry of report.lazy) {
    const largest = entry.added[0];
    if (largest) {
      findings.push({
        level: largest.gzip <= limits.lazyChunk ? "ok" : "fail",
        message: `${entry.name}: largest chunk ${largest.file} ${kB(largest.gzip)}, limit ${kB(limits.lazyChunk)}`,
      });
    }
    const added = total(entry.added);
    const before = recorded.lazy[entry.name];
    findings.push(
      before === undefined
        ? { level: "warn", message: `${entry.name}: adds ${kB(added)}, not recorded yet` }
        : {
            level: grew(added, before) ? "fail" : "ok",
            message: `${entry.name}: adds ${change(added, before)}`,
          },
    );
  }
  return findings;
}

/** The budget with the report's sizes as the new recorded ones (limits unchanged). */
export function recordSizes(report: BundleReport, budget: BundleBudget): BundleBudget {
  return {
    limits: budget.limits,
    recorded: {
      loginJs: total(report.loginJs),
      appJs: total(report.appJs),
      lazy: Object.fromEntries(report.lazy.map((entry) => [entry.name, total(entry.added)])),
    },
  };
}
