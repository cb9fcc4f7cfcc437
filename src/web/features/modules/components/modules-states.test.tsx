// @vitest-environment happy-dom
import { cleanup, fireEvent, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError } from "#shared/errors.ts";
import type { Module, ModuleGroup } from "#shared/schemas/module.ts";
import { formatEstimatedTime } from "../../../components/module-icon.tsx";
import { ModuleCardsSkeleton } from "./module-skeletons.tsx";
import { ModulesError } from "./modules-error.tsx";
import { filterModuleGroups } from "./modules-page.tsx";

afterEach(cleanup);

const module = (name: string, description = ""): Module => ({
  _id: name,
  _creationTime: 0,
  slug: name.toLowerCase(),
  name,
  description,
  categoryId: null,
  category: null,
  icon: null,
  kind: "builtin",
  estimatedTimeMinutes: null,
  inputs: [],
  updatedAt: 0,
});

/** SPEC 2 and 9: the catalogue's loading, error and search. */
describe("modules catalogue states", () => {
  it("shows 7 cards while loading", () => {
    const view = render(<ModuleCardsSkeleton />);
    expect(view.getAllByTestId("module-skeleton-card")).toHaveLength(7);
  });

  it("shows a load error's message and tries again", () => {
    const retry = vi.fn();
    const view = render(
      <ModulesError error={new AppError("FORBIDDEN", "No access")} retry={retry} />,
    );
    expect(view.getByRole("heading").textContent).toBe("Error Loading Modules");
    expect(view.getByText("No access")).toBeTruthy();
    fireEvent.click(view.getByRole("button", { name: "Try Again" }));
    expect(retry).toHaveBeenCalledOnce();
    cleanup();
    expect(
      render(<ModulesError error={undefined} retry={() => {}} />).getByText(
        "Failed to load modules",
      ),
    ).toBeTruthy();
  });

  it("filters by name, description and category, dropping empty groups", () => {
    const groups: ModuleGroup[] = [
      { categoryId: "c1", name: "Research", modules: [module("Memo", "A research memo")] },
      {
        categoryId: null,
        name: "Other",
        modules: [module("Summary", "One page"), module("Translate")],
      },
    ];
    expect(filterModuleGroups(groups, "  ")).toBe(groups);
    expect(filterModuleGroups(groups, "PAGE").map((g) => g.modules.map((m) => m.name))).toEqual([
      ["Summary"],
    ]);
    expect(filterModuleGroups(groups, "research").map((g) => g.name)).toEqual(["Research"]);
    expect(filterModuleGroups(groups, "other")[0]?.modules).toHaveLength(2);
    expect(filterModuleGroups(groups, "nothing")).toEqual([]);
  });

  it("writes estimated times as ≈ minutes or hours", () => {
    expect(formatEstimatedTime(5)).toBe("≈ 5 min");
    expect(formatEstimatedTime(60)).toBe("≈ 1 h");
    expect(formatEstimatedTime(90)).toBe("≈ 1 h 30 min");
  });
});
