"use client";
/**
 * The submit button of a form the page handles itself (onSubmit, then tRPC or
 * a server action). Until the page is hydrated nothing listens to the form:
 * - a click or Enter would make the browser submit it on its own, a GET to
 *   the page with every field in the address (a password in the history and
 *   the server's logs), and the click lost. So the button is disabled in the
 *   server's HTML and enabled once React runs and has the early input (a
 *   form whose submit button is disabled is not submitted by Enter either).
 *   Forms holding a password also say method="post": whatever submits them
 *   without the button (a password manager calling submit()) sends the
 *   fields in the body.
 * - what is typed or chosen is in the fields but not in React's state, which
 *   would send the form empty or with its defaults; once live, the button
 *   hands it over (handOverEarlyInput).
 */
import { type ButtonHTMLAttributes, useEffect, useRef, useState } from "react";
import { useHydrated } from "./useHydrated";

export function SubmitButton(props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type">) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLButtonElement>(null);
  // Rendered by the server (not hydrated at its first render): only then can its form hold early input.
  const [handedOver, setHandedOver] = useState(hydrated);
  useEffect(() => {
    if (handedOver) return;
    // In a task of its own: a change made while the page hydrates can make React finish hydrating at
    // once, run this effect, and only then deliver that change, reading the field's value as it is by
    // then; a handover here would already have put the field back to React's value.
    const timer = setTimeout(() => {
      if (ref.current?.form) handOverEarlyInput(ref.current.form);
      setHandedOver(true);
    });
    return () => clearTimeout(timer);
  }, []);
  return <button {...props} ref={ref} type="submit" disabled={!handedOver || props.disabled} />;
}

/**
 * Fields the player changed once this script ran but before the page was live, with the value they
 * chose and whether the event got past React. A change that comes while React hydrates the page is
 * held back by React, which hydrates at once and then delivers it, or stops it for good when it cannot
 * hydrate yet. A capture listener on the window runs before React's, a bubbling one after it: a change
 * delivered and kept is not handed over again (its handler may have reset other fields since).
 */
const earlyChanges = new WeakMap<Element, { value: string | boolean; seen: boolean }>();
let pageLive = false;
if (typeof window !== "undefined") {
  for (const type of ["input", "change"]) {
    window.addEventListener(type, (e) => {
      if (!pageLive && isField(e.target)) earlyChanges.set(e.target, { value: valueOf(e.target), seen: false });
    }, true);
    window.addEventListener(type, (e) => {
      const change = e.target instanceof Element ? earlyChanges.get(e.target) : undefined;
      if (change) change.seen = true;
    });
  }
}

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const isField = (t: EventTarget | null): t is Field => t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement;
const isBox = (f: Field): f is HTMLInputElement => f instanceof HTMLInputElement && (f.type === "checkbox" || f.type === "radio");
const valueOf = (f: Field): string | boolean => (isBox(f) ? f.checked : f.value);
/** The value the server rendered into the field. */
function renderedValueOf(f: Field): string | boolean {
  if (isBox(f)) return f.defaultChecked;
  if (f instanceof HTMLSelectElement) return (Array.from(f.options).find((o) => o.defaultSelected) ?? f.options[0])?.value ?? "";
  return f.defaultValue;
}

/**
 * What the player entered in `form` before the page was live, reported to React as the event its
 * onChange listens for, so the form's state takes it over: a change React stopped or that did not
 * stay (see earlyChanges), and a field changed before this script ran (its value is not the one the
 * server rendered). React reports a text field's or a box's change only from the value it last saw set:
 * so the field is first set back to the rendered one through React's own setter on the element,
 * then to the player's past it (text) or by a click (boxes); a select's change it reports as it comes.
 */
function handOverEarlyInput(form: HTMLFormElement): void {
  pageLive = true;
  // Every field's wanted value first: outside React's own events, each change handed over renders
  // the form at once, which puts the fields not handed over yet back to React's values.
  const early: [Field, string | boolean][] = [];
  for (const field of Array.from(form.elements)) {
    if (!isField(field) || NOT_TEXT.includes(field.type)) continue;
    const change = earlyChanges.get(field);
    earlyChanges.delete(field);
    const wanted = change ? change.value : valueOf(field);
    if (change ? change.seen && valueOf(field) === wanted : wanted === renderedValueOf(field)) continue;
    // A radio button is reported by the one chosen, not the one it replaced.
    if (field instanceof HTMLInputElement && field.type === "radio" && wanted !== true) continue;
    early.push([field, wanted]);
  }
  for (const [field, wanted] of early) {
    if (!field.isConnected) continue; // rendered anew by an earlier change (another game's rule fields)
    if (field instanceof HTMLSelectElement) {
      field.value = String(wanted);
      field.dispatchEvent(new Event("change", { bubbles: true }));
    } else if (isBox(field)) {
      field.checked = !wanted;
      field.click();
    } else {
      field.value = String(renderedValueOf(field));
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, "value")?.set?.call(field, String(wanted));
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }
}

const NOT_TEXT = ["hidden", "submit", "button", "reset", "image", "file"];
