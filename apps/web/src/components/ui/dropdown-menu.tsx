import * as Menu from "@radix-ui/react-dropdown-menu";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * A menu (Radix): arrow keys move, Enter picks, Escape closes, focus returns to the trigger.
 *
 *   <DropdownMenu trigger={<IconButton aria-label="Account menu">…</IconButton>}>
 *     <DropdownMenuItem asChild><Link to="…">Profile</Link></DropdownMenuItem>
 *     <DropdownMenuItem onSelect={logout}>Logout</DropdownMenuItem>
 *   </DropdownMenu>
 */
export function DropdownMenu({
  trigger,
  children,
  align = "end",
  label,
}: {
  trigger: ReactNode;
  children: ReactNode;
  align?: "start" | "center" | "end";
  /** Names the menu for screen readers. */
  label?: string;
}) {
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align={align}
          sideOffset={8}
          aria-label={label}
          className="z-50 min-w-48 rounded-control border border-line bg-surface p-1 text-fg shadow-overlay data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in"
        >
          {children}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof Menu.Item>) {
  return (
    <Menu.Item
      className={cn(
        "flex cursor-pointer select-none items-center gap-2 rounded-md px-3 py-2 text-fg text-sm no-underline outline-none data-[disabled]:pointer-events-none data-[highlighted]:bg-muted data-[disabled]:opacity-50 [&_svg]:size-4 [&_svg]:text-fg-subtle",
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuSeparator({ className }: { className?: string }) {
  return <Menu.Separator className={cn("my-1 h-px bg-line", className)} />;
}
