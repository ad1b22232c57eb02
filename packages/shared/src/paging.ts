// Page limits without the schemas built from them (api.ts), for screens that page on first load.

/** Chosen: the default page size of lists that grow. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** Chosen: far beyond any real list, and small enough that the offset stays a safe integer. */
export const MAX_PAGE = 1_000_000;
