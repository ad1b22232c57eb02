import { Minus, Plus } from "lucide-react";
import {
  type KeyboardEvent,
  type PointerEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { Alert, Button, IconButton, Modal, Spinner } from "@/components/ui";
import {
  type CropView,
  cropRect,
  initialView,
  MAX_ZOOM,
  MIN_ZOOM,
  panView,
  type Size,
  zoomView,
} from "@/lib/image-crop";

export interface ImageCropDialogProps {
  /** The image to crop; null closes the dialog. */
  file: File | null;
  /** The exact output size in pixels. */
  output: Size;
  title: string;
  onCancel: () => void;
  onCrop: (file: File) => void;
}

type Loaded =
  | { status: "loading" }
  | { status: "error" }
  | { status: "ready"; image: HTMLImageElement; size: Size };

function useDecodedImage(file: File | null): Loaded {
  const [state, setState] = useState<Loaded>({ status: "loading" });
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== "function") {
      setState({ status: file ? "error" : "loading" });
      return;
    }
    setState({ status: "loading" });
    const url = URL.createObjectURL(file);
    const image = new Image();
    let cancelled = false;
    image.onload = () => {
      if (cancelled) return;
      setState({
        status: "ready",
        image,
        size: { width: image.naturalWidth, height: image.naturalHeight },
      });
    };
    image.onerror = () => !cancelled && setState({ status: "error" });
    image.src = url;
    return () => {
      cancelled = true;
      URL.revokeObjectURL(url);
    };
  }, [file]);
  return state;
}

function draw(canvas: HTMLCanvasElement, image: HTMLImageElement, size: Size, view: CropView) {
  const context = canvas.getContext("2d");
  if (!context) return false;
  const output = { width: canvas.width, height: canvas.height };
  const rect = cropRect(size, output, view);
  context.imageSmoothingQuality = "high";
  context.clearRect(0, 0, output.width, output.height);
  context.drawImage(
    image,
    rect.x,
    rect.y,
    rect.width,
    rect.height,
    0,
    0,
    output.width,
    output.height,
  );
  return true;
}

/** PNG stays PNG; anything else becomes a JPEG (both are accepted store image types). */
function outputTypeOf(file: File): { type: string; extension: string } {
  return file.type === "image/png"
    ? { type: "image/png", extension: "png" }
    : { type: "image/jpeg", extension: "jpg" };
}

function toBlob(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, 0.92));
}

const KEY_STEP = 10;
const ZOOM_STEP = 0.1;

/**
 * Crops and scales an image to an exact size in the browser (DOMAIN "Shop images"): the
 * frame shows the result; drag the image or use the arrow keys to move it (Shift for bigger
 * steps), the Zoom slider, + and - or the mouse wheel to zoom. Apply draws the framed part
 * into a canvas of the output size and hands back a new file.
 */
export function ImageCropDialog({ file, output, title, onCancel, onCrop }: ImageCropDialogProps) {
  const loaded = useDecodedImage(file);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ id: number; x: number; y: number } | null>(null);
  const [view, setView] = useState<CropView | null>(null);
  const [applying, setApplying] = useState(false);
  const [failed, setFailed] = useState(false);
  const helpId = useId();
  const zoomId = useId();
  const ready = loaded.status === "ready" ? loaded : null;

  useEffect(() => {
    setView(ready ? initialView(ready.size) : null);
    setFailed(false);
  }, [ready]);

  useLayoutEffect(() => {
    if (ready && view && canvasRef.current) draw(canvasRef.current, ready.image, ready.size, view);
  }, [ready, view]);

  function update(next: (current: CropView, size: Size) => CropView) {
    if (!ready) return;
    setView((current) => (current ? next(current, ready.size) : current));
  }

  function setZoom(zoom: number) {
    update((current, size) => zoomView(size, output, current, zoom));
  }

  function onPointerDown(event: PointerEvent<HTMLCanvasElement>) {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  }

  function onPointerMove(event: PointerEvent<HTMLCanvasElement>) {
    const start = drag.current;
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    drag.current = { ...start, x: event.clientX, y: event.clientY };
    const frameWidth = event.currentTarget.getBoundingClientRect().width || output.width;
    update((current, size) => panView(size, output, current, dx, dy, frameWidth));
  }

  function endDrag() {
    drag.current = null;
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.shiftKey ? KEY_STEP * 5 : KEY_STEP;
    const frameWidth = canvasRef.current?.getBoundingClientRect().width || output.width;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      update((current, size) => panView(size, output, current, move[0], move[1], frameWidth));
    } else if (event.key === "+" || event.key === "=") {
      event.preventDefault();
      if (view) setZoom(view.zoom + ZOOM_STEP);
    } else if (event.key === "-" || event.key === "_") {
      event.preventDefault();
      if (view) setZoom(view.zoom - ZOOM_STEP);
    }
  }

  async function apply() {
    if (!ready || !view || !file) return;
    setApplying(true);
    setFailed(false);
    try {
      const canvas = document.createElement("canvas");
      canvas.width = output.width;
      canvas.height = output.height;
      if (!draw(canvas, ready.image, ready.size, view)) throw new Error("No canvas");
      const { type, extension } = outputTypeOf(file);
      const blob = await toBlob(canvas, type);
      if (!blob) throw new Error("Could not encode the image");
      const base = file.name.replace(/\.[^.]+$/, "") || "image";
      onCrop(new File([blob], `${base}-${output.width}x${output.height}.${extension}`, { type }));
    } catch (error) {
      console.error("Crop failed", error);
      setFailed(true);
    } finally {
      setApplying(false);
    }
  }

  const wide = output.width > output.height;

  return (
    <Modal
      open={file !== null}
      onOpenChange={(open) => !open && !applying && onCancel()}
      title={title}
      description={`The image will be saved at exactly ${output.width}×${output.height} pixels.`}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={applying}>
            Cancel
          </Button>
          <Button onClick={() => void apply()} loading={applying} disabled={!ready || !view}>
            Apply crop
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {loaded.status === "error" ? (
          <Alert tone="danger">This image cannot be opened here. Choose a PNG or JPEG file.</Alert>
        ) : null}
        {failed ? (
          <Alert tone="danger">The image could not be cropped. Try again or choose another.</Alert>
        ) : null}
        <div
          className="relative mx-auto flex w-full items-center justify-center overflow-hidden rounded-control bg-muted"
          style={{ maxWidth: wide ? output.width : Math.min(output.width * 1.4, 280) }}
        >
          {ready ? (
            // biome-ignore lint/a11y/useSemanticElements: a focusable frame, not a form fieldset
            <div
              // biome-ignore lint/a11y/noNoninteractiveTabindex: the frame moves with the arrow keys
              tabIndex={0}
              role="group"
              aria-roledescription="crop frame"
              aria-label={`Crop frame, ${output.width} by ${output.height} pixels`}
              aria-describedby={helpId}
              onKeyDown={onKeyDown}
              className="w-full rounded-control outline-none ring-primary/40 focus-visible:ring-4"
            >
              <canvas
                ref={canvasRef}
                width={output.width}
                height={output.height}
                onPointerDown={onPointerDown}
                onPointerMove={onPointerMove}
                onPointerUp={endDrag}
                onPointerCancel={endDrag}
                onWheel={(event) =>
                  view && setZoom(view.zoom - Math.sign(event.deltaY) * ZOOM_STEP)
                }
                className="block h-auto w-full cursor-grab touch-none active:cursor-grabbing"
              />
            </div>
          ) : loaded.status === "loading" ? (
            <div
              className="flex w-full items-center justify-center text-primary-ink"
              style={{ aspectRatio: `${output.width} / ${output.height}` }}
            >
              <Spinner label="Opening the image" />
            </div>
          ) : null}
          {ready ? (
            <div
              aria-hidden="true"
              className="pointer-events-none absolute inset-0 rounded-control ring-2 ring-primary ring-inset"
            />
          ) : null}
        </div>
        <p id={helpId} className="text-center text-fg-muted text-sm">
          Drag the image, or focus it and use the arrow keys, to choose what shows. Use + and − or
          the slider to zoom.
        </p>
        <div className="flex items-center gap-3">
          <IconButton
            size="sm"
            aria-label="Zoom out"
            disabled={!view || view.zoom <= MIN_ZOOM}
            onClick={() => view && setZoom(view.zoom - ZOOM_STEP)}
          >
            <Minus aria-hidden="true" />
          </IconButton>
          <label htmlFor={zoomId} className="sr-only">
            Zoom
          </label>
          <input
            id={zoomId}
            type="range"
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={0.01}
            value={view?.zoom ?? MIN_ZOOM}
            disabled={!view}
            onChange={(event) => setZoom(Number(event.target.value))}
            aria-valuetext={`${Math.round((view?.zoom ?? 1) * 100)}%`}
            className="h-2 min-w-0 flex-1 cursor-pointer accent-[var(--primary)]"
          />
          <IconButton
            size="sm"
            aria-label="Zoom in"
            disabled={!view || view.zoom >= MAX_ZOOM}
            onClick={() => view && setZoom(view.zoom + ZOOM_STEP)}
          >
            <Plus aria-hidden="true" />
          </IconButton>
        </div>
      </div>
    </Modal>
  );
}
