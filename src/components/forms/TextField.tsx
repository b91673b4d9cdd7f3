/**
 * A labelled input with an optional hint and an inline error, wired for
 * screen readers (aria-describedby, aria-invalid). Works in server and client
 * components; the parent owns the value.
 */
import type { InputHTMLAttributes, Ref } from "react";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> & {
  name: string;
  label: string;
  hint?: string;
  error?: string | null;
  /** Prefix for ids when one page shows the same field twice. */
  idPrefix?: string;
  ref?: Ref<HTMLInputElement>;
};

export function TextField({ name, label, hint, error, idPrefix = "field", ref, ...input }: Props) {
  const id = `${idPrefix}-${name}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <input ref={ref} id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {error && (
        <p id={errorId} className="field__error" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}
