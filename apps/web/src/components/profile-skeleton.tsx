import { Skeleton } from "@/components/ui";

/** A profile card's picture and name lines while the profile loads (merchant and customer). */
export function ProfileHeadSkeleton() {
  return (
    <div className="flex items-center gap-4">
      <Skeleton className="size-24 rounded-full" />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-4 w-64" />
      </div>
    </div>
  );
}
