import { LogOut } from "lucide-react";
import { Button } from "@/components/ui";
import { useLogout } from "@/features/session";

/**
 * Logout for the merchant pages shown before the shop's own layout (Create your shop, a shop
 * that did not load): the way out when there is no sidebar with its menu.
 */
export function LogoutButton() {
  const logout = useLogout("/");
  return (
    <Button
      variant="ghost"
      size="sm"
      loading={logout.isPending}
      leftIcon={<LogOut aria-hidden="true" className="size-4" />}
      onClick={() => logout.mutate()}
    >
      Logout
    </Button>
  );
}
