import { useEffect, useEffectEvent, useId, useRef, useState } from "react";
import { useTheme } from "@/app/providers";
import { Spinner } from "@/components/ui";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/i18n/use-t";
import { readFortisTransactionId, readSandboxMessage, sandboxFormSrc } from "../checkout";
import { loadScriptOnce } from "../fortis";

export interface CardFormProps {
  clientToken: string;
  /** The provider approved or declined a transaction: the server decides which (complete). */
  onTransaction: (transactionId: string) => void;
  /** The form itself failed (expired token, script or network error). */
  onFailure: () => void;
}

// The card form without an inner scrollbar: taller on phones, where its text wraps more.
const FORM_HEIGHT = "h-[30rem] sm:h-[28rem]";

function FormLoading({ label }: { label: string }) {
  return (
    <div className="absolute inset-0 flex items-center justify-center rounded-control bg-muted text-fg-muted">
      <Spinner label={label} />
    </div>
  );
}

/**
 * The built-in sandbox's card form, served by our API, in a frame. It posts `done` (with the
 * transaction id) or `error` to this window; only messages from that frame, of this origin,
 * count.
 */
export function SandboxCardForm({
  formUrl,
  clientToken,
  onTransaction,
  onFailure,
}: CardFormProps & { formUrl: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [loaded, setLoaded] = useState(false);
  // The theme when the form opened: a toggle meanwhile would reload it and lose what was typed.
  const { theme } = useTheme();
  const { t } = useT();
  const [src] = useState(() => sandboxFormSrc(formUrl, clientToken, theme));
  const onMessage = useEffectEvent((event: MessageEvent) => {
    if (event.origin !== window.location.origin) return;
    if (event.source !== frame.current?.contentWindow) return;
    const message = readSandboxMessage(event.data);
    if (!message) return;
    if (message.type === "done") onTransaction(message.transactionId);
    else onFailure();
  });

  useEffect(() => {
    const listener = (event: MessageEvent) => onMessage(event);
    window.addEventListener("message", listener);
    return () => window.removeEventListener("message", listener);
  }, []);

  return (
    <div className={cn("relative w-full", FORM_HEIGHT)}>
      <iframe
        ref={frame}
        src={src}
        title={t("Card payment")}
        onLoad={() => setLoaded(true)}
        className={cn("block w-full rounded-control border-0", FORM_HEIGHT)}
      />
      {loaded ? null : <FormLoading label={t("Loading the card form")} />}
    </div>
  );
}

/**
 * Fortis Commerce.js Elements (spec §9: sandbox environment, US, en-us): the provider's script
 * draws its own card form into a container here and reports `done` or `error`.
 */
export function FortisCardForm({
  scriptUrl,
  environment,
  clientToken,
  onTransaction,
  onFailure,
}: CardFormProps & { scriptUrl: string; environment: string }) {
  // useId's characters are not valid in a CSS id selector, which Elements is given.
  const containerId = `fortis-elements-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const [ready, setReady] = useState(false);
  const { t } = useT();
  const onDone = useEffectEvent((event: unknown) => {
    const transactionId = readFortisTransactionId(event);
    if (transactionId) onTransaction(transactionId);
    else onFailure();
  });
  const onError = useEffectEvent(() => onFailure());

  useEffect(() => {
    let active = true;
    loadScriptOnce(scriptUrl)
      .then(() => {
        if (!active) return;
        const Commerce = window.Commerce;
        if (!Commerce) throw new Error("Commerce.js did not load");
        const elements = new Commerce.elements(clientToken);
        elements.on("done", (event) => active && onDone(event));
        elements.on("error", () => active && onError());
        elements.create({
          container: `#${containerId}`,
          theme: "default",
          environment,
          language: "en-us",
          defaultCountry: "US",
          floatingLabels: true,
          showSubmitButton: true,
        });
        setReady(true);
      })
      .catch(() => {
        if (active) onError();
      });
    return () => {
      active = false;
      // A remount (StrictMode, a new token) draws a fresh form rather than a second one.
      document.getElementById(containerId)?.replaceChildren();
    };
  }, [scriptUrl, environment, clientToken, containerId]);

  return (
    <div className={cn("relative w-full", ready ? "min-h-[28rem]" : FORM_HEIGHT)}>
      <div id={containerId} />
      {ready ? null : <FormLoading label={t("Loading the card form")} />}
    </div>
  );
}
