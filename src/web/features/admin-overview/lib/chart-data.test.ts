import { describe, expect, it } from "vitest";
import type { AdminStats } from "#shared/schemas/admin-stats.ts";
import { hasData, MAX_MODEL_SERIES, modelSeries, OTHER_MODELS, tokenRows } from "./chart-data.ts";

const stats = (models: string[]): AdminStats => ({
  days: 7,
  from: "2026-11-18",
  to: "2026-11-19",
  organizations: { total: 1, suspended: 0, new: 0 },
  users: { total: 1, superadmins: 1, activeToday: 0 },
  documents: { total: 0, bytes: 0, added: 0, bytesAdded: 0, failures: 0 },
  chats: { threads: 0, messages: 0, tokens: 0 },
  models: models.map((modelId, i) => ({ modelId, label: modelId.toUpperCase(), tokens: 100 - i })),
  series: ["2026-11-18", "2026-11-19"].map((day) => ({
    day,
    newOrganizations: 0,
    activeUsers: 0,
    documents: 0,
    bytes: 0,
    failures: 0,
    threads: 0,
    messages: 0,
    tokens: Object.fromEntries(models.map((m) => [m, 10])),
  })),
});

describe("chart data", () => {
  it("gives the top models a series each and sums the rest as other models", () => {
    const many = stats(["a", "b", "c", "d", "e", "f"]);
    const series = modelSeries(many);
    expect(series).toHaveLength(MAX_MODEL_SERIES + 1);
    expect(series.at(-1)?.key).toBe(OTHER_MODELS);
    expect(tokenRows(many)[0]).toEqual({
      day: "2026-11-18",
      a: 10,
      b: 10,
      c: 10,
      d: 10,
      [OTHER_MODELS]: 20,
    });
  });

  it("has no other-models series when every model fits, and knows an empty series", () => {
    const few = stats(["a"]);
    expect(modelSeries(few).map((s) => s.key)).toEqual(["a"]);
    expect(tokenRows(few)[1]).toEqual({ day: "2026-11-19", a: 10 });
    expect(hasData(few, (p) => p.messages)).toBe(false);
  });
});
