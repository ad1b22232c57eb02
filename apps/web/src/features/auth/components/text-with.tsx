import { Fragment, type ReactNode } from "react";

/** Stands in for the placeholder while the message is translated; never typed by anyone. */
export const SLOT = "\u0000";

/**
 * A translated sentence with one placeholder shown as an element (the e-mail address in bold):
 * the message is translated with `SLOT` as the value, then the element goes where it landed,
 * so each language keeps its own word order.
 */
export function TextWith({ text, slot }: { text: string; slot: ReactNode }) {
  const parts = text.split(SLOT);
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move.
        <Fragment key={index}>
          {index > 0 ? slot : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
