import fs from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  backgroundLuminance,
  newContext,
  POLL,
  presetTheme,
  screenshot,
  signInAs,
  useServerAndBrowser,
} from "../support/browser.ts";
import { createTestUser } from "../support/server.ts";

const THEMES = ["dark", "light"] as const;

/** Fonts loaded and the page's own motion settled, so the picture shows the finished page. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished));
  });
}

async function capture(page: Page, name: string, theme: "dark" | "light"): Promise<void> {
  await settle(page);
  expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
    theme === "dark",
  );
  const luminance = await backgroundLuminance(page);
  if (theme === "dark") expect(luminance).toBeLessThan(0.05);
  else expect(luminance).toBeGreaterThan(0.8);
  const file = await screenshot(page, `${name}-${theme}`);
  expect(fs.statSync(file).size).toBeGreaterThan(10_000);
}

/**
 * Screenshots of the public and signed-in screens in both themes, saved under
 * .tmp/screenshots/ for people to look at; each asserts the screen rendered.
 */
describe("e2e: screenshots", () => {
  const e2e = useServerAndBrowser();

  for (const theme of THEMES) {
    it(`renders home, /login, the shell, /account, the user menu and the 404 page in ${theme}`, async () => {
      const user = await createTestUser(e2e.server, { firstName: "Maya" });
      const context = await newContext(e2e.browser, { colorScheme: theme });
      await presetTheme(context, theme);
      const page = await context.newPage();

      await page.goto(`${e2e.server.url}/`);
      await page.getByTestId("landing-sign-in").waitFor();
      await capture(page, "home", theme);

      await page.goto(`${e2e.server.url}/login`);
      await page.getByTestId("login-submit").waitFor();
      await capture(page, "login", theme);
      await page.close();

      const shell = await signInAs(context, e2e.server.url, user);
      await expect
        .poll(() => shell.getByTestId("connection-indicator").getAttribute("data-state"), POLL)
        .toBe("open");
      await expect
        .poll(() => shell.getByTestId("command-center-greeting").textContent(), POLL)
        .toContain(", Maya");
      await shell.getByTestId("user-menu-name").waitFor();
      await capture(shell, "command-center", theme);

      await shell.getByTestId("nav-account").click();
      await shell.waitForURL(`${e2e.server.url}/account`);
      await shell.getByTestId("profile-display-name").waitFor();
      expect(await shell.getByTestId("profile-email").inputValue()).toBe(user.email);
      await shell.mouse.move(0, 0);
      await capture(shell, "account", theme);

      await shell.getByTestId("user-menu-trigger").click();
      await shell.getByTestId("sign-out").waitFor();
      await capture(shell, "user-menu", theme);
      await shell.keyboard.press("Escape");
      await shell.getByTestId("sign-out").waitFor({ state: "detached" });

      await shell.getByTestId("sidebar-toggle").click();
      await expect
        .poll(() => shell.getByTestId("sidebar").getAttribute("data-state"), POLL)
        .toBe("collapsed");
      await shell.mouse.move(1300, 880);
      await shell.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await capture(shell, "account-sidebar-collapsed", theme);

      await shell.goto(`${e2e.server.url}/this-page-does-not-exist`);
      await shell.getByTestId("not-found").waitFor();
      await capture(shell, "not-found", theme);

      expect(context.errors).toEqual([]);
      await context.close();
    });
  }
});
