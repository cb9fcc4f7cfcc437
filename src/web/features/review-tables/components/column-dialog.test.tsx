// @vitest-environment happy-dom
import { cleanup, fireEvent, render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TABLE_LIMITS } from "#shared/schemas/review-table.ts";
import { CHOICE_OPTIONS_REQUIRED, validateColumn } from "../lib/column-form.ts";
import { ColumnDialog } from "./column-dialog.tsx";

afterEach(cleanup);

function open(onSubmit = vi.fn(async () => undefined)) {
  const view = render(
    <ColumnDialog open onOpenChange={() => undefined} column={null} onSubmit={onSubmit} />,
  );
  return { view, onSubmit };
}

describe("the column dialog", () => {
  it("says a question is required, with the schema's message", async () => {
    const { view, onSubmit } = open();
    fireEvent.click(view.getByTestId("column-submit"));
    await view.findByText("Question is required");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("says a question is too long", async () => {
    const { view } = open();
    fireEvent.change(view.getByTestId("column-question"), {
      target: { value: "x".repeat(TABLE_LIMITS.questionMax + 1) },
    });
    fireEvent.click(view.getByTestId("column-submit"));
    await view.findByText(`Question must be at most ${TABLE_LIMITS.questionMax} characters`);
  });

  it("asks for options on a 'one of a list' column, and refuses an empty one between others", async () => {
    const { view, onSubmit } = open();
    fireEvent.change(view.getByTestId("column-question"), { target: { value: "Governing law?" } });
    fireEvent.change(view.getByTestId("column-type"), { target: { value: "choice" } });
    fireEvent.click(view.getByTestId("column-submit"));
    await view.findByText(CHOICE_OPTIONS_REQUIRED);

    fireEvent.click(view.getByTestId("column-add-option"));
    const [first, second] = view.getAllByTestId("column-option");
    fireEvent.change(second!, { target: { value: "France" } });
    fireEvent.click(view.getByTestId("column-submit"));
    await view.findByText("An option cannot be empty");
    expect(first!.getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(first!, { target: { value: "Germany" } });
    fireEvent.click(view.getByTestId("column-submit"));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        question: "Governing law?",
        answerType: "choice",
        instructions: "",
        options: ["Germany", "France"],
      }),
    );
  });

  it("drops options of other types and trims the question", () => {
    expect(
      validateColumn({
        question: "  Amount?  ",
        answerType: "currency",
        instructions: "",
        options: ["a"],
      }),
    ).toEqual({
      ok: true,
      value: { question: "Amount?", answerType: "currency", instructions: "" },
    });
  });
});
