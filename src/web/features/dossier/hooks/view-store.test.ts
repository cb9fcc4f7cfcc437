// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { useDossierViewStore } from "./view-store.ts";

describe("dossier view store", () => {
  // Each test from the store's first state and an empty storage, whatever ran before it.
  beforeEach(() => {
    localStorage.clear();
    useDossierViewStore.setState(useDossierViewStore.getInitialState(), true);
  });

  it("starts in the grid and keeps the choice under 'dossier-view'", () => {
    expect(useDossierViewStore.getState().view).toBe("grid");
    useDossierViewStore.getState().setView("list");
    expect(JSON.parse(localStorage.getItem("dossier-view") ?? "null")).toEqual({
      state: { view: "list" },
      version: 0,
    });
  });

  it("does not keep the sort, and ignores a stored view it does not know", async () => {
    useDossierViewStore.getState().setSort({ field: "name", direction: "asc" });
    expect(JSON.parse(localStorage.getItem("dossier-view") ?? "null").state).not.toHaveProperty(
      "sort",
    );
    localStorage.setItem("dossier-view", JSON.stringify({ state: { view: "mosaic" }, version: 0 }));
    await useDossierViewStore.persist.rehydrate();
    expect(useDossierViewStore.getState().view).toBe("grid");
    localStorage.setItem("dossier-view", JSON.stringify({ state: { view: "list" }, version: 0 }));
    await useDossierViewStore.persist.rehydrate();
    expect(useDossierViewStore.getState().view).toBe("list");
  });
});
