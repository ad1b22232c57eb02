/** The part of Fortis Commerce.js Elements the checkout uses. */
export interface FortisElementsOptions {
  /** A CSS selector of the element the form is drawn into. */
  container: string;
  theme: "default" | "dark";
  environment: string;
  language: string;
  defaultCountry: string;
  floatingLabels: boolean;
  showSubmitButton: boolean;
}

export interface FortisElements {
  create(options: FortisElementsOptions): void;
  on(event: "done" | "error" | (string & {}), handler: (event: unknown) => void): void;
}

declare global {
  interface Window {
    Commerce?: { elements: new (clientToken: string) => FortisElements };
  }
}

const loading = new Map<string, Promise<void>>();

/** Adds the provider's script to the page once; a failed load may be tried again later. */
export function loadScriptOnce(src: string): Promise<void> {
  const known = loading.get(src);
  if (known) return known;
  const pending = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading.delete(src);
      script.remove();
      reject(new Error(`Could not load ${src}`));
    };
    document.head.append(script);
  });
  loading.set(src, pending);
  return pending;
}
