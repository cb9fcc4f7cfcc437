// @vitest-environment happy-dom
import { cleanup, fireEvent, render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "./confirm-dialog.tsx";

afterEach(cleanup);

function ask(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onOpenChange = vi.fn();
  const onConfirm = props.onConfirm ?? vi.fn();
  const view = render(
    <ConfirmDialog
      title="Delete “Q3 report”?"
      description="It is deleted for everyone."
      confirmLabel="Delete document"
      destructive
      testId="ask"
      onOpenChange={onOpenChange}
      {...props}
      onConfirm={onConfirm}
    />,
  );
  return { view, onOpenChange, onConfirm };
}

describe("the confirmation dialog", () => {
  it("is an alert dialog described by its text, with Cancel focused so Enter never confirms by accident", async () => {
    const { view } = ask();
    const dialog = view.getByTestId("ask");
    expect(dialog.getAttribute("role")).toBe("alertdialog");
    expect(dialog.getAttribute("aria-describedby")?.split(" ")).toContain(
      view.getByText("It is deleted for everyone.").id,
    );
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Cancel"));
  });

  it("runs the action and closes once it resolved", async () => {
    let finish: () => void = () => undefined;
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { view, onOpenChange } = ask({ onConfirm });
    const button = view.getByTestId("ask-confirm") as HTMLButtonElement;
    fireEvent.click(button);
    // Busy: a second press cannot run it twice, and it stays open until the action is done.
    await waitFor(() => expect(button.disabled).toBe(true));
    fireEvent.click(button);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onOpenChange).not.toHaveBeenCalled();
    finish();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it("keeps a refusal in the dialog, says why, and lets the user try again", async () => {
    const onConfirm = vi
      .fn()
      .mockRejectedValueOnce(new Error("This module is offered to an organization."))
      .mockResolvedValueOnce(undefined);
    const { view, onOpenChange } = ask({ onConfirm });
    fireEvent.click(view.getByTestId("ask-confirm"));
    expect((await view.findByTestId("ask-error")).textContent).toBe(
      "This module is offered to an organization.",
    );
    expect(onOpenChange).not.toHaveBeenCalled();
    const button = view.getByTestId("ask-confirm") as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(view.queryByTestId("ask-error")).toBeNull();
  });

  it("cannot be confirmed while what it depends on loads", () => {
    const { view, onConfirm } = ask({ ready: false });
    const button = view.getByTestId("ask-confirm") as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("Cancel closes without running the action", () => {
    const { view, onOpenChange, onConfirm } = ask();
    fireEvent.click(view.getByText("Cancel"));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("shows what goes with it between the text and the buttons", () => {
    const { view } = ask({ children: <p data-testid="summary">This removes 2 subfolders</p> });
    expect(view.getByTestId("summary").textContent).toBe("This removes 2 subfolders");
  });
});
