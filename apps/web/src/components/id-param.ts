import { idSchema } from "@tessera/shared";
import { useSearchParams } from "react-router";

/**
 * The record id a modal's address names (`?id=7`): `raw` as written (null when absent, which
 * create forms read as "new"), and `id` when it is a valid id, else null.
 */
export function useIdParam(name = "id"): { raw: string | null; id: number | null } {
  const [params] = useSearchParams();
  const raw = params.get(name);
  const parsed = idSchema.safeParse(raw ?? "");
  return { raw, id: parsed.success ? parsed.data : null };
}
