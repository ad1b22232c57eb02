import * as TabsPrimitive from "@radix-ui/react-tabs";
import { type ComponentProps, createContext, useContext } from "react";
import { cn } from "@/lib/cn";

type TabsVariant = "underline" | "pill";

const VariantContext = createContext<TabsVariant>("underline");

/**
 * Tabs (Radix): arrow keys move between tabs, Home/End jump. Controlled with
 * `value` + `onValueChange`, or uncontrolled with `defaultValue`.
 *
 *   <Tabs defaultValue="active">
 *     <TabsList aria-label="Offers">
 *       <TabsTrigger value="active">Active</TabsTrigger>…
 *     </TabsList>
 *     <TabsContent value="active">…</TabsContent>
 *   </Tabs>
 */
export function Tabs({ className, ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root className={cn("flex flex-col gap-4", className)} {...props} />;
}

export interface TabsListProps extends ComponentProps<typeof TabsPrimitive.List> {
  /** "underline" for page sections, "pill" for compact filters (All / Unread). */
  variant?: TabsVariant;
}

export function TabsList({ variant = "underline", className, ...props }: TabsListProps) {
  return (
    <VariantContext.Provider value={variant}>
      <TabsPrimitive.List
        className={cn(
          "flex max-w-full items-center overflow-x-auto",
          variant === "underline"
            ? "gap-1 border-line border-b"
            : "w-fit gap-1 rounded-control bg-muted p-1",
          className,
        )}
        {...props}
      />
    </VariantContext.Provider>
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  const variant = useContext(VariantContext);
  return (
    <TabsPrimitive.Trigger
      className={cn(
        "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap font-medium text-sm transition-colors disabled:pointer-events-none disabled:opacity-50",
        variant === "underline"
          ? "-mb-px h-10 border-transparent border-b-2 px-3 text-fg-muted hover:text-fg data-[state=active]:border-primary data-[state=active]:text-primary-ink"
          : "h-8 rounded-[calc(var(--radius-control)-0.25rem)] px-3 text-fg-muted hover:text-fg data-[state=active]:bg-surface data-[state=active]:text-fg data-[state=active]:shadow-card",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn("outline-none", className)} {...props} />;
}
