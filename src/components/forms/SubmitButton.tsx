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
 * - what is typed or chosen is in the fields but not in React's state, which
 *   would send the form empty or with its defaults; once live, the button
 *   hands it over (handOverEarlyInput).
 */
import { type ButtonHTMLAttributes, useEffect, useRef, useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** False in the server's HTML and during hydration, true once the page is live. */
const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

export function SubmitButton(props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type">) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLButtonElement>(null);
  // Rendered by the server (not hydrated at its first render): only then can its form hold early input.
  const fromServer = useRef(!hydrated);
  useEffect(() => {
    if (fromServer.current && ref.current?.form) handOverEarlyInput(ref.current.form);
  }, []);
  return <button {...props} ref={ref} type="submit" disabled={!hydrated || props.disabled} />;
}

/**
 * What the player entered in `form` before the page was live (a field whose value or choice is not
 * the one the server rendered), reported to React as the event its onChange listens for, so the
 * form's state takes it over. React reports a text field's or a box's change only from the value it
 * last saw set: so the field is first set back to the rendered one through React's own setter on
 * the element, then to the player's past it (text) or by a click (boxes); a select's change it
 * reports as it comes.
 */
function handOverEarlyInput(form: HTMLFormElement): void {
  for (const field of Array.from(form.elements)) {
    if (field instanceof HTMLSelectElement) {
      const rendered = Array.from(field.options).find((o) => o.defaultSelected) ?? field.options[0];
      if (rendered && field.value !== rendered.value) field.dispatchEvent(new Event("change", { bubbles: true }));
    } else if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
      // A radio button is reported by the one chosen, not the one it replaced.
      if (field.checked === field.defaultChecked || (field.type === "radio" && !field.checked)) continue;
      field.checked = field.defaultChecked;
      field.click();
    } else if (field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && !NOT_TEXT.includes(field.type))) {
      if (field.value === field.defaultValue) continue;
      const typed = field.value;
      field.value = field.defaultValue;
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, "value")?.set?.call(field, typed);
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }
}

const NOT_TEXT = ["hidden", "submit", "button", "reset", "image", "file"];
