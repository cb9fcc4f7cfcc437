import type { Browser, BrowserContext, ConsoleMessage, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { launchBrowser, newContext, type PageErrors, POLL, signInAs } from "../support/browser.ts";
import { freshMigratedDataDir } from "../support/databases.ts";
import { createTestUser, startTestServer, type TestServer } from "../support/server.ts";

/** The 404 page and the search/path param rules of SPEC 2 and 5. */
describe("e2e: routes", () => {
  let server: TestServer;
  let browser: Browser;
  /** One signed-in profile; each test opens its own tab in it and only navigates. */
  let signedIn: BrowserContext & PageErrors;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer("pglite", {}, { dataDir: freshMigratedDataDir() }),
      launchBrowser(),
    ]);
    const user = await createTestUser(server, { firstName: "Ruth" });
    signedIn = await newContext(browser);
    const first = await signInAs(signedIn, server.url, user);
    await first.close();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  beforeEach(async () => {
    signedIn.errors.length = 0;
    page = await signedIn.newPage();
  });

  afterEach(async () => {
    await page.close();
    expect(signedIn.errors).toEqual([]);
  });

  async function expectNotFoundPage(target: Page): Promise<void> {
    const notFound = target.getByTestId("not-found");
    await notFound.waitFor();
    expect(await notFound.getByRole("heading", { level: 1 }).textContent()).toBe("404 - Not Found");
    expect(
      await notFound.getByText("Oops! The page you are looking for does not exist.").count(),
    ).toBe(1);
    const home = notFound.getByRole("link", { name: "Return Home" });
    expect((await home.textContent())?.trim()).toBe("Return Home");
    expect(await home.getAttribute("href")).toBe("/");
  }

  it("shows the 404 page with SPEC's texts for an unknown route, and Return Home goes to /", async () => {
    const context = await newContext(browser);
    const guest = await context.newPage();
    await guest.goto(`${server.url}/no/such/page`);
    await expectNotFoundPage(guest);
    expect(await guest.title()).toContain("Page not found");
    expect(await guest.getByTestId("sidebar").count()).toBe(0);

    await guest.getByRole("link", { name: "Return Home" }).click();
    await guest.waitForURL(`${server.url}/`);
    await guest.getByTestId("landing-sign-in").waitFor();
    expect(await guest.getByTestId("not-found").count()).toBe(0);

    expect(context.errors).toEqual([]);
    await context.close();
  });

  it("shows the same 404 page to a signed-in user, inside the app's frame", async () => {
    for (const path of ["/command-center/nothing-here", "/no/such/page"]) {
      await page.goto(`${server.url}${path}`);
      await expectNotFoundPage(page);
      await page.getByTestId("sidebar").waitFor();
      expect(await page.locator("#main").getByTestId("not-found").count()).toBe(1);
    }
  });

  it("redirects malformed thread ids to /command-center with a warning", async () => {
    const warnings: string[] = [];
    const onConsole = (message: ConsoleMessage) => {
      if (message.type() === "warning") warnings.push(message.text());
    };
    page.on("console", onConsole);
    for (const threadId of ["short", "null", "undefined", "%20%20", "%20%20%20null%20%20"]) {
      warnings.length = 0;
      await page.goto(`${server.url}/threads/${threadId}`);
      await page.waitForURL(`${server.url}/command-center`);
      await page.getByTestId("command-center-greeting").waitFor();
      expect(await page.getByTestId("thread-unavailable").count()).toBe(0);
      await expect
        .poll(() => warnings.some((text) => text.includes("Invalid thread id")), POLL)
        .toBe(true);
    }
    page.off("console", onConsole);
  });

  it("opens a well-formed thread id (one that does not exist shows as unavailable, with no failed request)", async () => {
    // Everything the browser would log against the page, failed loads included.
    const failures: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") failures.push(`console: ${message.text()}`);
    });
    page.on("requestfailed", (request) => failures.push(`request failed: ${request.url()}`));
    page.on("response", (response) => {
      if (response.status() >= 400) failures.push(`${response.status()}: ${response.url()}`);
    });
    const threadId = "k57d2x9thread0001";
    await page.goto(`${server.url}/threads/${threadId}`);
    const unavailable = page.getByTestId("thread-unavailable");
    await unavailable.waitFor();
    expect(new URL(page.url()).pathname).toBe(`/threads/${threadId}`);
    expect(await unavailable.textContent()).toContain(threadId);
    expect(failures).toEqual([]);
  });

  it("treats thread_id null, undefined and blank on /command-center as absent", async () => {
    const warning = page.getByText("This conversation is not available");
    for (const value of ["null", "undefined", "%20%20", ""]) {
      await page.goto(`${server.url}/command-center?thread_id=${value}`);
      await page.getByTestId("command-center-greeting").waitFor();
      await page.getByTestId("command-center-empty").waitFor();
      expect(new URL(page.url()).pathname).toBe("/command-center");
      expect(await page.getByTestId("error-view").count()).toBe(0);
      expect(await warning.count()).toBe(0);
    }
    // A real id is read (this one does not exist, and the page says so).
    await page.goto(`${server.url}/command-center?thread_id=k57d2x9thread0001`);
    await warning.waitFor();
  });
});
