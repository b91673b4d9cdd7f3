"use client";
/**
 * The submit button of a form the page handles itself (onSubmit, then tRPC or
 * a server action). Until the page is hydrated nothing listens to the form:
 * - a click or Enter would make the browser submit it on its own, a GET to
 *   the page with every field in the address (a password in the history and
 *   the server's logs), and the click lost. So the button is disabled in the
 *   server's HTML and enabled once React runs (a form whose submit button is
 *   disabled is not submitted by Enter either). Forms holding a password
 *   also say method="post": whatever submits them without the button (a
 *   password manager calling submit()) sends the fields in the body.
 * - what is typed is in the fields but not in React's state, which would
 *   send the form empty; once live, the button hands it over (handOverTyped).
 */
import { type ButtonHTMLAttributes, useEffect, useRef, useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** False in the server's HTML and during hydration, true once the page is live. */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

export function SubmitButton(props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type">) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (ref.current?.form) handOverTyped(ref.current.form);
  }, []);
  return <button {...props} ref={ref} type="submit" disabled={!hydrated || props.disabled} />;
}

/**
 * For each text field of `form` whose value is not the one the server rendered (typed before the
 * page was live), the input event React listens for, so the field's onChange takes the text over.
 * React only reports a change from the value it last saw set: so the field is set to the rendered
 * value through React's own setter on the element, then back to the typed text past it.
 */
function handOverTyped(form: HTMLFormElement): void {
  for (const field of Array.from(form.elements)) {
    const text = field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && !["checkbox", "radio", "hidden", "submit", "button"].includes(field.type));
    if (!text || field.value === field.defaultValue) continue;
    const typed = field.value;
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, "value")?.set?.call(field, typed);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
}
