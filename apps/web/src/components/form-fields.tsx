import {
  type Control,
  Controller,
  type FieldError,
  type FieldErrors,
  type FieldPathByValue,
  type FieldValues,
  get,
  type Path,
  type UseFormRegister,
} from "react-hook-form";
import { Switch, type SwitchProps } from "@/components/ui";

/**
 * A form's fields as the shared inputs take them: `field("name")` gives the field's error
 * message with `register`'s props, so a field's name is written once and its error can never
 * be read from another field. Nested names (`Benefits.0.name`) work too. `translate` puts the
 * messages into the page's language, for the screens that speak the customer's.
 */
export function fieldBinder<T extends FieldValues>(
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
  translate?: (message: string) => string,
) {
  return (name: Path<T>) => {
    const message = (get(errors, name) as FieldError | undefined)?.message;
    return { error: message && translate ? translate(message) : message, ...register(name) };
  };
}

/** An on/off field of a form: a Switch bound to a boolean value of the form. */
export function SwitchField<T extends FieldValues, TOutput = T>({
  control,
  name,
  ...props
}: Omit<SwitchProps, "checked" | "onCheckedChange" | "name"> & {
  control: Control<T, unknown, TOutput>;
  name: FieldPathByValue<T, boolean>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch {...props} checked={field.value} onCheckedChange={field.onChange} />
      )}
    />
  );
}
