import { Moon, Sun } from "lucide-react";
import { useTheme } from "@/app/providers/theme-provider";
import { useT } from "@/lib/i18n/use-t";
import { IconButton, type IconButtonProps } from "./ui/button";

/** Switches light/dark. Pressed means dark is on. */
export function ThemeToggle({
  className,
  variant = "ghost",
  size = "md",
}: Pick<IconButtonProps, "className" | "variant" | "size">) {
  const { theme, toggleTheme } = useTheme();
  const isDark = theme === "dark";
  const { t } = useT();
  return (
    <IconButton
      variant={variant}
      size={size}
      className={className}
      aria-label={isDark ? t("Switch to light theme") : t("Switch to dark theme")}
      aria-pressed={isDark}
      onClick={toggleTheme}
    >
      {isDark ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </IconButton>
  );
}
