export { AppProviders } from "./app-providers";
export { customerQueryDefaults, QueryProvider, tokenCheckQueryDefaults } from "./query-provider";
export { SidebarProvider, useSidebar } from "./sidebar-provider";
export { THEME_STORAGE_KEY, type Theme, ThemeProvider, useTheme } from "./theme-provider";
export { ToastProvider } from "./toast-provider";
