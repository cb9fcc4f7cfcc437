// @vitest-environment happy-dom
import { cleanup, fireEvent, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError } from "#shared/errors.ts";
import { PromptLibraryError } from "./prompt-library-error.tsx";
import { PromptCardsSkeleton } from "./prompt-skeletons.tsx";

afterEach(cleanup);

/** SPEC 2 and 9: the library's loading and load error states. */
describe("prompt library states", () => {
  it("shows 6 cards while loading", () => {
    const view = render(<PromptCardsSkeleton />);
    expect(view.getAllByTestId("prompt-skeleton-card")).toHaveLength(6);
  });

  it("titles a load error, shows its message, and tries again", () => {
    const retry = vi.fn();
    const view = render(
      <PromptLibraryError error={new AppError("FORBIDDEN", "No access")} retry={retry} />,
    );
    expect(view.getByRole("heading").textContent).toBe("Error Loading Prompt Library");
    expect(view.getByText("No access")).toBeTruthy();
    fireEvent.click(view.getByRole("button", { name: "Try Again" }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it("falls back to 'Failed to load prompts' without a message", () => {
    const view = render(<PromptLibraryError error={undefined} retry={() => {}} />);
    expect(view.getByText("Failed to load prompts")).toBeTruthy();
  });
});
