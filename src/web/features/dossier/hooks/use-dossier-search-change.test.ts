// @vitest-environment happy-dom
import { renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { DossierSearch } from "../search.ts";
import { useDossierSearchChange } from "./use-dossier-search-change.ts";

function setup() {
  const navigate = vi.fn(
    (_options: { search: (previous: DossierSearch) => DossierSearch; replace: boolean }) =>
      Promise.resolve(),
  );
  const { result, rerender } = renderHook(() => useDossierSearchChange(navigate));
  return { navigate, result, rerender };
}

describe("useDossierSearchChange", () => {
  it("merges the patch into the current search params", () => {
    const { navigate, result } = setup();
    result.current({ q: "lease" });
    const options = navigate.mock.calls[0]?.[0];
    expect(options?.search({ q: "old", tags: ["a"] } as DossierSearch)).toEqual({
      q: "lease",
      tags: ["a"],
    });
  });

  it("replaces the history entry for a search or filter, and pushes one to open a document", () => {
    const { navigate, result } = setup();
    result.current({ q: "lease" });
    result.current({ document: "d1" } as Partial<DossierSearch>);
    expect(navigate.mock.calls.map(([options]) => options.replace)).toEqual([true, false]);
  });

  it("keeps the same callback across renders", () => {
    const { result, rerender } = setup();
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });
});
