// @vitest-environment happy-dom
import { act, cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useDossierViewStore } from "../hooks/view-store.ts";
import { DossierPending, FolderPending, GridSkeleton } from "./skeletons.tsx";

afterEach(() => {
  cleanup();
  act(() => useDossierViewStore.getState().setView("grid"));
});

/** SPEC 2 and 9: the dossier's loading placeholders come in fixed numbers. */
describe("dossier skeletons", () => {
  it("shows a sidebar of 8 folders and 15 documents while the dossier first loads", () => {
    const view = render(<DossierPending />);
    expect(view.getAllByTestId("folder-skeleton")).toHaveLength(8);
    expect(view.getAllByTestId("document-card-skeleton")).toHaveLength(15);
  });

  it("shows 12 cards in the grid", () => {
    const view = render(<GridSkeleton />);
    expect(view.getAllByTestId("document-card-skeleton")).toHaveLength(12);
  });

  it("shows a folder loading as the view it will appear in: 12 cards or 25 rows", () => {
    const grid = render(<FolderPending />);
    expect(grid.getAllByTestId("document-card-skeleton")).toHaveLength(12);
    expect(grid.queryAllByTestId("document-row-skeleton")).toHaveLength(0);
    cleanup();
    act(() => useDossierViewStore.getState().setView("list"));
    const list = render(<FolderPending />);
    expect(list.getAllByTestId("document-row-skeleton")).toHaveLength(25);
    expect(list.queryAllByTestId("document-card-skeleton")).toHaveLength(0);
  });
});
