// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SlugField } from "./slug-field.tsx";

afterEach(cleanup);

function renderSlug(value: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SlugField value={value} onChange={() => {}} />
    </QueryClientProvider>,
  );
}

/** The module form's slug: a wrong shape is said as soon as typing pauses, not at submit. */
describe("slug field", () => {
  it("names what is wrong with a slug of the wrong shape", async () => {
    const view = renderSlug("Bad Slug!");
    expect(
      await view.findByText("Slug may only contain lower-case letters, digits and dashes"),
    ).toBeTruthy();
  });

  it("says nothing of an empty slug before the form is sent", async () => {
    const view = renderSlug("");
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(view.queryByRole("alert")).toBeNull();
    expect(view.queryByText(/Slug/i)?.textContent).toBe("Slug");
  });
});
