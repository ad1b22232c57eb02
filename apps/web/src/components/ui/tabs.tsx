import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  useCallback,
  useContext,
  useId,
  useState,
} from "react";
import { cn } from "@/lib/cn";

type TabsVariant = "underline" | "pill";

type TabsState = {
  baseId: string;
  value: string | undefined;
  select: (value: string) => void;
};

const TabsContext = createContext<TabsState | null>(null);
const VariantContext = createContext<TabsVariant>("underline");

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error("Tabs parts must be inside <Tabs>");
  return state;
}

// Ids from the value, so the tab and its panel find each other without registering.
const idOf = (baseId: string, part: "tab" | "panel", value: string) =>
  `${baseId}-${part}-${value.replace(/\s+/g, "-")}`;

export interface TabsProps extends Omit<ComponentProps<"div">, "defaultValue" | "dir"> {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}

/**
 * Tabs (WAI-ARIA tabs pattern, automatic activation): arrow keys move between tabs and select
 * them, Home/End jump, only the selected tab is in the Tab order. Controlled with `value` +
 * `onValueChange`, or uncontrolled with `defaultValue`. Written here rather than taken from a
 * library: it is on the storefront's first load, where every kilobyte counts on a phone.
 *
 *   <Tabs defaultValue="active">
 *     <TabsList aria-label="Offers">
 *       <TabsTrigger value="active">Active</TabsTrigger>…
 *     </TabsList>
 *     <TabsContent value="active">…</TabsContent>
 *   </Tabs>
 */
export function Tabs({
  value: controlled,
  defaultValue,
  onValueChange,
  className,
  ...props
}: TabsProps) {
  const baseId = useId();
  const [uncontrolled, setUncontrolled] = useState(defaultValue);
  const value = controlled ?? uncontrolled;
  const select = useCallback(
    (next: string) => {
      if (controlled === undefined) setUncontrolled(next);
      if (next !== value) onValueChange?.(next);
    },
    [controlled, onValueChange, value],
  );
  return (
    <TabsContext.Provider value={{ baseId, value, select }}>
      <div className={cn("flex flex-col gap-4", className)} {...props} />
    </TabsContext.Provider>
  );
}

export interface TabsListProps extends ComponentProps<"div"> {
  /** "underline" for page sections, "pill" for compact filters (All / Unread). */
  variant?: TabsVariant;
}

const NAVIGATION_KEYS = new Set(["ArrowLeft", "ArrowRight", "Home", "End"]);

/** Arrow keys, Home and End move the focus among the enabled tabs and select the one reached. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  if (!NAVIGATION_KEYS.has(event.key)) return;
  const tabs = [
    ...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)'),
  ];
  const current = tabs.indexOf(document.activeElement as HTMLButtonElement);
  if (tabs.length === 0) return;
  event.preventDefault();
  const last = tabs.length - 1;
  const next =
    event.key === "Home"
      ? 0
      : event.key === "End"
        ? last
        : event.key === "ArrowRight"
          ? (current + 1) % tabs.length
          : (current - 1 + tabs.length) % tabs.length;
  tabs[next]?.focus();
  tabs[next]?.click();
}

export function TabsList({ variant = "underline", className, onKeyDown, ...props }: TabsListProps) {
  return (
    <VariantContext.Provider value={variant}>
      <div
        role="tablist"
        aria-orientation="horizontal"
        className={cn(
          "flex max-w-full items-center overflow-x-auto",
          variant === "underline"
            ? "gap-1 border-line border-b"
            : "w-fit gap-1 rounded-control bg-muted p-1",
          className,
        )}
        onKeyDown={(event) => {
          onKeyDown?.(event);
          if (!event.defaultPrevented) moveFocus(event);
        }}
        {...props}
      />
    </VariantContext.Provider>
  );
}

export interface TabsTriggerProps extends Omit<ComponentProps<"button">, "value"> {
  value: string;
}

export function TabsTrigger({ value, className, onClick, ...props }: TabsTriggerProps) {
  const variant = useContext(VariantContext);
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={idOf(tabs.baseId, "tab", value)}
      aria-selected={selected}
      aria-controls={idOf(tabs.baseId, "panel", value)}
      data-state={selected ? "active" : "inactive"}
      tabIndex={selected ? 0 : -1}
      className={cn(
        "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap font-medium text-sm transition-colors disabled:pointer-events-none disabled:opacity-50",
        variant === "underline"
          ? "-mb-px h-10 border-transparent border-b-2 px-3 text-fg-muted hover:text-fg data-[state=active]:border-primary data-[state=active]:text-primary-ink"
          : "h-8 rounded-[calc(var(--radius-control)-0.25rem)] px-3 text-fg-muted hover:text-fg data-[state=active]:bg-surface data-[state=active]:text-fg data-[state=active]:shadow-card",
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      {...props}
    />
  );
}

export interface TabsContentProps extends ComponentProps<"div"> {
  value: string;
}

/** The selected tab's panel; the others are not rendered (their queries wait until shown). */
export function TabsContent({ value, className, ...props }: TabsContentProps) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={idOf(tabs.baseId, "panel", value)}
      aria-labelledby={idOf(tabs.baseId, "tab", value)}
      data-state="active"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern makes a panel focusable, so keyboard users reach one that holds only text
      tabIndex={0}
      className={cn("outline-none", className)}
      {...props}
    />
  );
}
