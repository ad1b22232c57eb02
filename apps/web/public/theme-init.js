// Runs before first paint so a saved dark theme never flashes light. Kept in sync with
// src/app/providers/theme-provider.tsx (localStorage key "theme", values "light" | "dark").
(() => {
  let theme = "light";
  try {
    if (localStorage.getItem("theme") === "dark") theme = "dark";
  } catch {
    // Storage can be blocked (private mode, cookies disabled): stay on the default.
  }
  document.documentElement.setAttribute("data-theme", theme);
})();
