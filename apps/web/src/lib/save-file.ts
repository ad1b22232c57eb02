import { getFile, type QueryValue } from "@/lib/api-client";

/**
 * Saves a blob as a download named `fileName` through a temporary link (put in the page so every
 * browser follows it); the address is freed a second later, once the download has it.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Fetches a file from the API with the session's token (a plain link cannot send it) and saves
 * it under the name the server gave, else `fallbackName`. A failed answer throws its ApiError.
 */
export async function downloadFile(
  path: string,
  fallbackName: string,
  query?: Record<string, QueryValue>,
): Promise<void> {
  const { blob, fileName } = await getFile(path, query ? { query } : {});
  saveBlob(blob, fileName ?? fallbackName);
}
