import { TextInput, type TextInputProps } from "@/components/ui";
import { translateText } from "@/lib/i18n";

/**
 * A cashback amount in dollars and cents, as both of the customer's cashback forms ask for it
 * (using cashback on an offer, redeeming it at the counter). `error` is the form's untranslated
 * message; it is shown in the customer's language.
 */
export function CashbackAmountInput({ error, ...props }: TextInputProps) {
  return (
    <TextInput
      type="number"
      inputMode="decimal"
      step={0.01}
      min={0}
      placeholder="0.00"
      startAdornment="$"
      error={error && translateText(error)}
      {...props}
    />
  );
}
