import { Skeleton } from "./skeleton";

/**
 * Grey blocks in the shape of a form (or record) still loading, one per class in `shapes`,
 * marked busy and named for screen readers by `label` ("Loading offer").
 */
export function LoadingFields({ label, shapes }: { label: string; shapes: readonly string[] }) {
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <span className="sr-only">{label}</span>
      {shapes.map((shape, index) => (
        // The list is fixed for the component's life: its places are its keys.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Skeleton key={index} className={shape} />
      ))}
    </div>
  );
}
