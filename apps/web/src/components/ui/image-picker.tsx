import { ImageIcon, ImageUp, RefreshCw, Trash2 } from "lucide-react";
import {
  type ChangeEvent,
  type DragEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from "react";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/i18n/use-t";
import { Button } from "./button";
import { Field, useFieldIds } from "./field-shell";

const aspects = {
  square: "aspect-square w-32",
  wide: "aspect-video w-full",
} as const;

export interface ImagePickerProps {
  label: ReactNode;
  /** The chosen file; null shows the drop zone. */
  value: File | null;
  onChange: (file: File | null) => void;
  /** The input's accept list, e.g. "image/png,image/jpeg,.heic". */
  accept?: string;
  /** Advice under the field when there is no error (sizes, types). */
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  /** Shape of the preview: a square logo or a wide banner. */
  aspect?: keyof typeof aspects;
  name?: string;
  id?: string;
  disabled?: boolean;
  className?: string;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** An object URL for the file, revoked when the file changes or the picker unmounts. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== "function") {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * An image file field: drop a file on it or pick one (the real file input stays in the tab
 * order and carries the label, hint and error), then a preview with Change and Remove.
 * Files the browser cannot draw (HEIC outside Safari) show their name instead of a preview.
 * Checking the file is the caller's job (`onChange` gets whatever was chosen).
 */
export function ImagePicker({
  label,
  value,
  onChange,
  accept = "image/*",
  hint,
  error,
  required,
  aspect = "wide",
  name,
  id,
  disabled = false,
  className,
}: ImagePickerProps) {
  const { inputId, hasError, describedBy } = useFieldIds(id, error, hint);
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);
  const [previewFailed, setPreviewFailed] = useState(false);
  const previewUrl = usePreviewUrl(value);
  const { t } = useT();

  // A new file gets a new chance to preview.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the file changes
  useEffect(() => setPreviewFailed(false), [value]);

  function choose(file: File | null | undefined) {
    if (!disabled) onChange(file ?? null);
  }

  function handleInputChange(event: ChangeEvent<HTMLInputElement>) {
    choose(event.target.files?.[0]);
    // Picking the same file again after Remove must fire a change.
    event.target.value = "";
  }

  function handleDragOver(event: DragEvent<HTMLDivElement>) {
    if (disabled) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setIsDragging(true);
  }

  function handleDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setIsDragging(false);
    choose(event.dataTransfer.files?.[0]);
  }

  return (
    <Field
      inputId={inputId}
      label={label}
      required={required}
      error={error}
      hint={hint}
      className={className}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a mouse extra; the file input inside is the keyboard and screen-reader route */}
      <div
        onDragOver={handleDragOver}
        onDragLeave={() => setIsDragging(false)}
        onDrop={handleDrop}
        className={cn(
          "relative rounded-control border border-dashed bg-surface p-4 transition-[border-color,box-shadow,background-color] duration-150",
          "has-[input:focus-visible]:ring-4",
          hasError
            ? "border-danger has-[input:focus-visible]:ring-danger/20"
            : "border-line-strong has-[input:focus-visible]:border-primary has-[input:focus-visible]:ring-primary/20",
          isDragging && "border-primary bg-primary-soft",
          disabled && "opacity-60",
        )}
      >
        <input
          ref={inputRef}
          id={inputId}
          name={name}
          type="file"
          accept={accept}
          disabled={disabled}
          required={required}
          aria-invalid={hasError || undefined}
          aria-describedby={describedBy}
          // With a file chosen the Change button opens the picker; one tab stop is enough.
          tabIndex={value ? -1 : undefined}
          onChange={handleInputChange}
          className="sr-only"
        />
        {value ? (
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
            <div
              className={cn(
                "flex shrink-0 items-center justify-center overflow-hidden rounded-lg bg-muted ring-1 ring-line",
                aspects[aspect],
                aspect === "wide" && "sm:w-56",
              )}
            >
              {previewUrl && !previewFailed ? (
                <img
                  src={previewUrl}
                  alt={t("Preview of {name}", { name: value.name })}
                  className="size-full object-cover"
                  onError={() => setPreviewFailed(true)}
                />
              ) : (
                <span className="flex flex-col items-center gap-1 px-2 text-center text-fg-subtle text-xs">
                  <ImageIcon aria-hidden="true" className="size-6" />
                  {t("No preview")}
                </span>
              )}
            </div>
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-fg text-sm" title={value.name}>
                {value.name}
              </p>
              <p className="text-fg-subtle text-xs">{formatBytes(value.size)}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={disabled}
                  leftIcon={<RefreshCw aria-hidden="true" className="size-4" />}
                  onClick={() => inputRef.current?.click()}
                  aria-label={t("Change {name}", { name: value.name })}
                >
                  {t("Change")}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={disabled}
                  leftIcon={<Trash2 aria-hidden="true" className="size-4" />}
                  onClick={() => choose(null)}
                  aria-label={t("Remove {name}", { name: value.name })}
                >
                  {t("Remove")}
                </Button>
              </div>
            </div>
          </div>
        ) : (
          // The whole zone opens the picker on click; keyboard users reach the input itself.
          <label
            htmlFor={inputId}
            className="flex cursor-pointer flex-col items-center justify-center gap-2 px-2 py-4 text-center"
          >
            <span className="flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary-ink">
              <ImageUp aria-hidden="true" className="size-5" />
            </span>
            <span className="text-fg text-sm">
              <span className="font-semibold text-primary-ink">{t("Choose an image")}</span>{" "}
              {t("or drag it here")}
            </span>
          </label>
        )}
      </div>
    </Field>
  );
}
