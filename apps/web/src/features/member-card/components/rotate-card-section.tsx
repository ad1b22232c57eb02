import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ConfirmButton } from "@/components/confirm-button";
import { translateText } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { toast } from "@/lib/toast";
import { memberCardKeys, rotateMemberCard } from "../api";

/**
 * Profile: replace the member card's code, e.g. after a screenshot of it got around. The old code
 * stops working at once, so a wallet pass or a printed copy must be renewed.
 */
export function RotateCardSection({ shopId, customerId }: { shopId: number; customerId: number }) {
  const queryClient = useQueryClient();
  const { t } = useT();
  const rotate = useMutation({
    mutationFn: () => rotateMemberCard(customerId),
    onSuccess: ({ message, card }) => {
      queryClient.setQueryData(memberCardKeys.card(shopId, customerId), card);
      toast.success(translateText(message));
    },
    onError: (error) => toast.error(translateText(error.message)),
  });
  return (
    <span className="flex flex-wrap items-center justify-between gap-3">
      <span className="text-fg-muted text-sm">
        {t("Replace your card's code if someone else may have a copy of it.")}
      </span>
      <ConfirmButton
        variant="outline"
        size="sm"
        confirm={{
          title: t("Replace your member card's code?"),
          description: t(
            "Your card gets a new QR code. The old one stops working at once, also in your phone's wallet.",
          ),
          confirmLabel: t("Replace code"),
          destructive: false,
          pending: rotate.isPending,
          onConfirm: (close) => rotate.mutate(undefined, { onSuccess: close }),
        }}
      >
        {t("Replace card code")}
      </ConfirmButton>
    </span>
  );
}
