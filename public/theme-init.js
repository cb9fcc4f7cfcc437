// Applies the stored theme before the first paint (loaded synchronously from <head>).
// The "theme" key is written by zustand's persist middleware as
// {"state":{"theme":"dark"},"version":0}; a bare "light" / "dark" / "system"
// string is accepted too. Anything else falls back to dark, the default.
(() => {
  const root = document.documentElement;
  let theme = "dark";
  try {
    const raw = localStorage.getItem("theme");
    if (raw) {
      let value = raw;
      try {
        const parsed = JSON.parse(raw);
        value = parsed && typeof parsed === "object" && parsed.state ? parsed.state.theme : parsed;
      } catch {
        // not JSON: a bare theme name
      }
      if (value === "light" || value === "dark" || value === "system") theme = value;
    }
  } catch {
    // storage unavailable (privacy mode): keep the default
  }
  const dark =
    theme === "dark" ||
    (theme === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  root.classList.toggle("dark", dark);
  root.style.colorScheme = dark ? "dark" : "light";
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute("content", dark ? "#0e0e12" : "#ffffff");
})();
