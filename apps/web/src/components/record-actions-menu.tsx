import type * as Menu from "@radix-ui/react-dropdown-menu";
import { EllipsisVertical, type LucideIcon } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { DropdownMenu, DropdownMenuItem, IconButton } from "@/components/ui";

/** A menu entry with its icon before its text (Edit, Delete…). */
export function DropdownMenuAction({
  icon: Icon,
  children,
  ...props
}: ComponentProps<typeof Menu.Item> & { icon: LucideIcon }) {
  return (
    <DropdownMenuItem {...props}>
      <Icon aria-hidden="true" />
      {children}
    </DropdownMenuItem>
  );
}

/**
 * The "⋮" menu of one record (a list row, a card): its button is named "Actions for {name}"
 * and the menu "{name} actions".
 */
export function RecordActionsMenu({
  name,
  triggerClassName,
  children,
}: {
  name: string;
  triggerClassName?: string;
  children: ReactNode;
}) {
  return (
    <DropdownMenu
      label={`${name} actions`}
      trigger={
        <IconButton aria-label={`Actions for ${name}`} size="sm" className={triggerClassName}>
          <EllipsisVertical aria-hidden="true" />
        </IconButton>
      }
    >
      {children}
    </DropdownMenu>
  );
}
