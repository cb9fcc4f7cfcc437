import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  backgroundLuminance,
  newContext,
  POLL,
  signInAs,
  useServerAndBrowser,
} from "../support/browser.ts";
import { createTestUser } from "../support/server.ts";

const APP_NAME = "Acme Workspace";

const hasDarkClass = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains("dark"));

const storedJson = (page: Page, key: string) =>
  page.evaluate((k) => {
    const raw = localStorage.getItem(k);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  }, key);

/** The app shell: theme, sidebar, connection state and the product name (SPEC 2, 9). */
describe("e2e: app shell", () => {
  const e2e = useServerAndBrowser({ APP_NAME });

  it("is dark by default in a fresh profile, even when the system prefers light", async () => {
    const user = await createTestUser(e2e.server);
    const context = await newContext(e2e.browser, { colorScheme: "light" });
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/login`);
    await page.getByTestId("login-email").waitFor();

    expect(await page.evaluate(() => matchMedia("(prefers-color-scheme: light)").matches)).toBe(
      true,
    );
    expect(await hasDarkClass(page)).toBe(true);
    expect(await backgroundLuminance(page)).toBeLessThan(0.05);

    // Still dark inside the signed-in shell.
    await page.getByTestId("login-email").fill(user.email);
    await page.getByTestId("login-password").fill(user.password);
    await page.getByTestId("login-submit").click();
    await page.waitForURL(`${e2e.server.url}/command-center`);
    await page.getByTestId("command-center-greeting").waitFor();
    expect(await hasDarkClass(page)).toBe(true);
    expect(await backgroundLuminance(page, "#main")).toBeLessThan(0.05);

    expect(context.errors).toEqual([]);
    await context.close();
  });

  it("switches to Light at once from /account and keeps it after a reload", async () => {
    const user = await createTestUser(e2e.server);
    const context = await newContext(e2e.browser, { colorScheme: "dark" });
    const page = await signInAs(context, e2e.server.url, user);
    await page.getByTestId("nav-account").click();
    await page.waitForURL(`${e2e.server.url}/account`);
    await page.getByTestId("account-page").waitFor();
    expect(await page.getByTestId("theme-option-dark").getAttribute("data-state")).toBe("on");

    await page.getByTestId("theme-option-light").click();
    await expect.poll(() => hasDarkClass(page), POLL).toBe(false);
    await expect.poll(() => backgroundLuminance(page), POLL).toBeGreaterThan(0.8);
    expect(await page.getByTestId("theme-option-light").getAttribute("data-state")).toBe("on");
    expect(await storedJson(page, "theme")).toEqual({ state: { theme: "light" }, version: 0 });

    await page.reload();
    await page.getByTestId("account-page").waitFor();
    expect(await hasDarkClass(page)).toBe(false);
    expect(await backgroundLuminance(page)).toBeGreaterThan(0.8);
    expect(await page.getByTestId("theme-option-light").getAttribute("data-state")).toBe("on");

    // The user menu offers the same choice.
    await page.getByTestId("user-menu-trigger").click();
    await page.getByTestId("user-menu-theme-dark").click();
    await expect.poll(() => hasDarkClass(page), POLL).toBe(true);
    expect(await page.getByTestId("theme-option-dark").getAttribute("data-state")).toBe("on");
    expect(await storedJson(page, "theme")).toEqual({ state: { theme: "dark" }, version: 0 });

    expect(context.errors).toEqual([]);
    await context.close();
  });

  it("keeps the sidebar collapsed or expanded across reloads", async () => {
    const user = await createTestUser(e2e.server);
    const context = await newContext(e2e.browser);
    const page = await signInAs(context, e2e.server.url, user);
    const sidebar = page.getByTestId("sidebar");
    expect(await sidebar.getAttribute("data-state")).toBe("expanded");
    const expandedWidth = (await sidebar.boundingBox())?.width ?? 0;

    await page.getByTestId("sidebar-toggle").click();
    await expect.poll(() => sidebar.getAttribute("data-state"), POLL).toBe("collapsed");
    expect(await storedJson(page, "sidebar-open")).toMatchObject({ state: { open: false } });

    await page.reload();
    await page.getByTestId("command-center-greeting").waitFor();
    expect(await sidebar.getAttribute("data-state")).toBe("collapsed");
    await expect
      .poll(async () => (await sidebar.boundingBox())?.width ?? 0, POLL)
      .toBeLessThan(expandedWidth / 2);
    // Collapsed: the nav shows icons only.
    expect(await page.getByTestId("nav-account").isVisible()).toBe(true);
    expect(await page.getByText("Settings", { exact: true }).isVisible()).toBe(false);

    await page.getByTestId("sidebar-toggle").click();
    await expect.poll(() => sidebar.getAttribute("data-state"), POLL).toBe("expanded");
    await page.reload();
    await page.getByTestId("command-center-greeting").waitFor();
    expect(await sidebar.getAttribute("data-state")).toBe("expanded");

    expect(context.errors).toEqual([]);
    await context.close();
  });

  it("keeps the user menu inside the sidebar, even with a long e-mail address", async () => {
    const user = await createTestUser(e2e.server, { firstName: "Maximiliane" });
    const context = await newContext(e2e.browser);
    const page = await signInAs(context, e2e.server.url, user);
    await page.getByTestId("user-menu-name").waitFor();
    const sidebar = await page.getByTestId("sidebar").boundingBox();
    const trigger = await page.getByTestId("user-menu-trigger").boundingBox();
    if (!sidebar || !trigger) throw new Error("the sidebar or its user menu is not shown");
    expect(trigger.x + trigger.width).toBeLessThanOrEqual(sidebar.x + sidebar.width);
    expect(
      await page.getByTestId("sidebar").evaluate((aside) => aside.scrollWidth - aside.clientWidth),
    ).toBe(0);

    expect(context.errors).toEqual([]);
    await context.close();
  });

  it("connects live and shows APP_NAME in the page title and the sidebar", async () => {
    const user = await createTestUser(e2e.server);
    const context = await newContext(e2e.browser);
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/login`);
    await page.getByTestId("login-email").waitFor();
    await expect.poll(() => page.title(), POLL).toBe(`Sign in · ${APP_NAME}`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain(
      `Sign in to ${APP_NAME}`,
    );
    await page.close();

    const shell = await signInAs(context, e2e.server.url, user);
    const indicator = shell.getByTestId("connection-indicator");
    await expect.poll(() => indicator.getAttribute("data-state"), POLL).toBe("open");
    expect(await indicator.getAttribute("aria-label")).toContain("Live");
    await expect.poll(() => shell.title(), POLL).toBe(`Command Center · ${APP_NAME}`);
    expect(await shell.getByTestId("sidebar").textContent()).toContain(APP_NAME);
    expect(await shell.getByTestId("sidebar").textContent()).not.toContain("Atrium");

    // Someone who asked for less motion gets no looping animation: the ping of a dot that is
    // not live, a loading row's shimmer and every spinner play once, in a millisecond.
    const looping = () =>
      shell.evaluate(() => {
        const dot = document.createElement("span");
        dot.className = "animate-ping";
        document.body.append(dot);
        const { animationIterationCount, animationDuration } = getComputedStyle(dot);
        dot.remove();
        return `${animationIterationCount} ${animationDuration}`;
      });
    expect(await looping()).toBe("infinite 1s");
    await shell.emulateMedia({ reducedMotion: "reduce" });
    expect(await looping()).toBe("1 0.001s");

    expect(context.errors).toEqual([]);
    await context.close();
  });
});
