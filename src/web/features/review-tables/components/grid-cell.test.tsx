// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { TableCell } from "#shared/schemas/review-table.ts";
import { cellDescription, GridCellContent } from "./grid-cell.tsx";

afterEach(cleanup);

const cell = (patch: Partial<TableCell>): TableCell => ({
  rowId: "r",
  columnId: "c",
  status: "done",
  answer: "France",
  value: "France",
  edited: false,
  citationCount: 0,
  error: null,
  ...patch,
});

const stateOf = (view: ReturnType<typeof render>) =>
  view.container.querySelector("[data-state]")?.getAttribute("data-state");

describe("a grid cell, by state", () => {
  it("shows a dash when empty or not asked", () => {
    const view = render(<GridCellContent cell={undefined} />);
    expect(stateOf(view)).toBe("empty");
    expect(view.container.textContent).toBe("—");
    expect(cellDescription(undefined)).toBe("Not asked yet");
  });

  it("shows queued and running cells without an answer, running as a shimmer", () => {
    const queued = render(
      <GridCellContent cell={cell({ status: "queued", answer: null, value: null })} />,
    );
    expect(stateOf(queued)).toBe("queued");
    expect(queued.getByText("Queued")).toBeTruthy();
    cleanup();
    const running = render(
      <GridCellContent cell={cell({ status: "running", answer: null, value: null })} />,
    );
    expect(stateOf(running)).toBe("running");
    expect(running.container.querySelector(".animate-shimmer")).not.toBeNull();
    expect(running.getByText("Being answered")).toBeTruthy();
  });

  it("shows a done cell's answer as text, with its citation count", () => {
    const view = render(
      <GridCellContent cell={cell({ answer: "<img src=x onerror=alert(1)>", citationCount: 2 })} />,
    );
    expect(stateOf(view)).toBe("done");
    expect(view.container.querySelector("img")).toBeNull();
    expect(view.getByText("<img src=x onerror=alert(1)>")).toBeTruthy();
    expect(view.getByTestId("cell-citations").textContent).toBe("2");
    expect(view.queryByTestId("cell-edited")).toBeNull();
  });

  it("marks a hand correction", () => {
    const view = render(<GridCellContent cell={cell({ edited: true, answer: "Germany" })} />);
    expect(view.getByTestId("cell-edited")).toBeTruthy();
    expect(cellDescription(cell({ edited: true, answer: "Germany", citationCount: 1 }))).toBe(
      "Germany (corrected by hand, 1 citation)",
    );
  });

  it("shows a failure with its error as the tooltip", () => {
    const view = render(
      <GridCellContent
        cell={cell({ status: "failed", answer: null, value: null, error: "The model timed out" })}
      />,
    );
    expect(stateOf(view)).toBe("failed");
    expect(view.container.querySelector("[title]")?.getAttribute("title")).toBe(
      "The model timed out",
    );
    expect(cellDescription(cell({ status: "failed", error: "The model timed out" }))).toBe(
      "Failed: The model timed out",
    );
  });
});
