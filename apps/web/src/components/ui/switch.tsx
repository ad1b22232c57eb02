import * as SwitchPrimitive from "@radix-ui/react-switch";
import { type ReactNode, useId } from "react";
import { cn } from "@/lib/cn";

export interface SwitchProps {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Helper text under the label. */
  hint?: ReactNode;
  disabled?: boolean;
  id?: string;
  name?: string;
  className?: string;
}

/** An on/off switch (Radix): Space toggles, announced as a switch with its label. */
export function Switch({
  label,
  checked,
  onCheckedChange,
  hint,
  disabled,
  id,
  name,
  className,
}: SwitchProps) {
  const generatedId = useId();
  const switchId = id ?? generatedId;
  const hintId = `${switchId}-hint`;
  return (
    <div className={cn("flex items-start justify-between gap-4", className)}>
      <div className="min-w-0">
        <label htmlFor={switchId} className="font-medium text-fg text-sm">
          {label}
        </label>
        {hint ? (
          <p id={hintId} className="text-fg-subtle text-xs">
            {hint}
          </p>
        ) : null}
      </div>
      <SwitchPrimitive.Root
        id={switchId}
        name={name}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        className="relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-line-strong transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-55 data-[state=checked]:bg-primary-solid"
      >
        <SwitchPrimitive.Thumb className="pointer-events-none block size-5 rounded-full bg-white shadow-card transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
      </SwitchPrimitive.Root>
    </div>
  );
}
