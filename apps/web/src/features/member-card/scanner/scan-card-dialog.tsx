import { MEMBER_CARD_MESSAGES } from "@tessera/shared";
import { Camera, CameraOff } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Alert, Button, Modal, TextInput } from "@/components/ui";
import { ApiError } from "@/lib/api-client";
import { findMemberByCard } from "../api";
import { createQrDetector, type QrDetector } from "./detector";

type CameraState = "starting" | "scanning" | "unavailable";

/** The same card in front of the camera is looked up once, not every frame. */
const REPEAT_AFTER_MS = 4000;

function useCamera(
  video: React.RefObject<HTMLVideoElement | null>,
  onCode: (code: string) => void,
): CameraState {
  const [state, setState] = useState<CameraState>("starting");
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error("no camera API");
      const [media, detector] = await Promise.all([
        navigator.mediaDevices.getUserMedia({
          video: { facingMode: "environment" },
          audio: false,
        }),
        createQrDetector(),
      ]);
      stream = media;
      if (stopped || !video.current) return;
      video.current.srcObject = media;
      await video.current.play().catch(() => {});
      setState("scanning");
      scan(detector);
    }
    function scan(detector: QrDetector) {
      if (stopped) return;
      const element = video.current;
      const ready = element && element.readyState >= 2 && element.videoWidth > 0;
      (ready ? detector.detect(element) : Promise.resolve([]))
        .then((codes) => {
          const value = codes[0]?.rawValue;
          if (value && !stopped) onCodeRef.current(value);
        })
        .catch(() => {})
        .finally(() => {
          if (!stopped) timer = setTimeout(() => scan(detector), 150);
        });
    }
    start().catch(() => {
      if (!stopped) setState("unavailable");
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [video]);
  return state;
}

/**
 * Scan a member card: the camera reads the QR code, or staff type or paste the code; a USB or
 * Bluetooth scanner types it followed by Enter into the same field. A hit opens the member's
 * page; a miss says so and opens nothing.
 */
export function ScanCardDialog({
  open,
  onOpenChange,
  memberPath,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where a member's page is: the members area's route, given by the screen that scans. */
  memberPath: (memberId: number) => string;
}) {
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const last = useRef<{ value: string; at: number } | null>(null);
  const busy = useRef(false);

  async function lookUp(value: string) {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    setError(null);
    try {
      const { member } = await findMemberByCard(value);
      onOpenChange(false);
      navigate(memberPath(member.id));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : MEMBER_CARD_MESSAGES.notFound);
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  const camera = useCamera(video, (value) => {
    const now = Date.now();
    if (last.current?.value === value && now - last.current.at < REPEAT_AFTER_MS) return;
    last.current = { value, at: now };
    void lookUp(value);
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = code.trim();
    if (!value) {
      setError(MEMBER_CARD_MESSAGES.codeRequired);
      return;
    }
    setCode("");
    void lookUp(value);
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Scan a member card"
      description="Hold the customer's card in front of the camera, or type its code."
    >
      <div className="flex flex-col gap-4">
        <div className="relative aspect-[4/3] w-full overflow-hidden rounded-control bg-black">
          <video
            ref={video}
            muted
            playsInline
            aria-label="Camera"
            className="size-full object-cover"
          />
          {camera === "scanning" ? null : (
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-4 text-center text-sm text-white">
              {camera === "starting" ? (
                <>
                  <Camera aria-hidden="true" className="size-6" />
                  Starting the camera…
                </>
              ) : (
                <>
                  <CameraOff aria-hidden="true" className="size-6" />
                  No camera available. Type or scan the code into the field below.
                </>
              )}
            </div>
          )}
        </div>
        {error ? (
          <Alert tone="danger" role="alert">
            {error}
          </Alert>
        ) : null}
        <form onSubmit={submit} className="flex items-end gap-2" noValidate>
          <TextInput
            label="Card code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            // A USB or Bluetooth scanner types into the focused field.
            autoFocus
            containerClassName="flex-1"
          />
          <Button type="submit" loading={pending}>
            Find
          </Button>
        </form>
      </div>
    </Modal>
  );
}
