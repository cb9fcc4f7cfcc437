// @vitest-environment happy-dom
import { cleanup, fireEvent, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatDuration, whenText } from "../../../lib/format-date.ts";
import { ExecutionStatusBadge } from "./execution-status-badge.tsx";
import { ModuleInputField } from "./module-input-field.tsx";

afterEach(cleanup);

describe("execution status and times", () => {
  it("labels each status", () => {
    const view = render(<ExecutionStatusBadge status="failed" />);
    expect(view.getByTestId("execution-status").textContent).toBe("Failed");
    expect(view.getByTestId("execution-status").dataset.status).toBe("failed");
  });

  it("says how long ago and how long", () => {
    const now = Date.UTC(2026, 0, 10, 12, 0, 0);
    expect(whenText(now - 10_000, now)).toBe("just now");
    expect(whenText(now - 5 * 60_000, now)).toBe("5 min ago");
    expect(whenText(now - 3 * 3600_000, now)).toBe("3 h ago");
    expect(formatDuration(42_000)).toBe("42 s");
    expect(formatDuration(185_000)).toBe("3 min 5 s");
    expect(formatDuration(120_000)).toBe("2 min");
  });
});

describe("module input fields", () => {
  it("offers a choice's options and reports the one picked", () => {
    const onChange = vi.fn();
    const view = render(
      <ModuleInputField
        input={{
          key: "focus",
          label: "Focus",
          type: "choice",
          required: true,
          options: ["Term", "Liability"],
        }}
        value=""
        onChange={onChange}
      />,
    );
    const select = view.getByTestId("module-input-focus") as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(["Choose…", "Term", "Liability"]);
    fireEvent.change(select, { target: { value: "Liability" } });
    expect(onChange).toHaveBeenCalledWith("Liability");
  });

  it("marks optional inputs and shows a field's error", () => {
    const view = render(
      <ModuleInputField
        input={{
          key: "notes",
          label: "Notes",
          type: "longText",
          required: false,
          helpText: "Anything else",
        }}
        value=""
        error="Notes must be text"
        onChange={() => {}}
      />,
    );
    expect(view.getByText("Notes (optional)")).toBeTruthy();
    expect(view.getByRole("alert").textContent).toContain("Notes must be text");
    expect(view.getByTestId("module-input-notes").getAttribute("aria-invalid")).toBe("true");
  });

  it("uses a date picker for dates", () => {
    const view = render(
      <ModuleInputField
        input={{ key: "due", label: "Due", type: "date", required: true }}
        value="2026-03-01"
        onChange={() => {}}
      />,
    );
    const input = view.getByTestId("module-input-due") as HTMLInputElement;
    expect(input.type).toBe("date");
    expect(input.value).toBe("2026-03-01");
  });
});
