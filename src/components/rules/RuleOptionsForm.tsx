/**
 * A form for a variant's rule options, generated from the engine's own
 * option fields (getVariant(id).optionFields): every option the engine
 * knows, with its label and explanation in the user's language. The value
 * is partial input for the engine's parseOptions, which stays the only
 * judge of what is valid. Reusable wherever rules are chosen. Errors
 * (see option-errors.ts) are shown under their own field.
 */
"use client";
import { useState } from "react";
import { getVariant } from "@/engine";
import type { OptionField } from "@/engine/types";
import type { Locale } from "@/i18n/config";

export type RuleOptions = Record<string, unknown>;

/** The engine's defaults for a variant's options, as form values. */
export function defaultRuleOptions(variant: string): RuleOptions {
  return Object.fromEntries((getVariant(variant)?.optionFields ?? []).map((f) => [f.key, f.default]));
}

const parseList = (text: string): number[] => text.split(/[,;\s]+/).filter(Boolean).map(Number);

type A11y = { "aria-invalid"?: true; "aria-describedby"?: string };

function NumberListInput({ id, value, onChange, a11y }: { id: string; value: unknown; onChange: (v: number[]) => void; a11y: A11y }) {
  // Kept as text while typing, so "10, " is not rewritten under the cursor.
  const [text, setText] = useState(Array.isArray(value) ? value.join(", ") : "");
  return (
    <input
      id={id}
      value={text}
      inputMode="numeric"
      {...a11y}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parseList(e.target.value));
      }}
      data-testid={id}
    />
  );
}

export function RuleOptionsForm({
  variant,
  value,
  onChange,
  locale,
  idPrefix = "rule",
  errors = {},
}: {
  variant: string;
  value: RuleOptions;
  onChange: (next: RuleOptions) => void;
  locale: Locale;
  idPrefix?: string;
  /** Translated error per option key; "" for the rules as a whole. */
  errors?: Record<string, string>;
}) {
  const fields = getVariant(variant)?.optionFields ?? [];
  const set = (key: string, v: unknown) => onChange({ ...value, [key]: v });

  const control = (f: OptionField, id: string) => {
    const v = value[f.key] ?? f.default;
    const a11y: A11y = errors[f.key] !== undefined ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};
    switch (f.kind) {
      case "boolean":
        return <input id={id} type="checkbox" {...a11y} checked={v === true} onChange={(e) => set(f.key, e.target.checked)} data-testid={id} />;
      case "enum":
        return (
          <select id={id} {...a11y} value={String(v)} onChange={(e) => set(f.key, e.target.value)} data-testid={id}>
            {f.values?.map((x) => (
              <option key={x.value} value={x.value}>
                {x.label[locale]}
              </option>
            ))}
          </select>
        );
      case "integer":
        return (
          <input
            id={id}
            type="number"
            min={f.min}
            max={f.max}
            step={f.step ?? 1}
            {...a11y}
            value={Number(v)}
            onChange={(e) => set(f.key, e.target.value === "" ? undefined : Number(e.target.value))}
            data-testid={id}
          />
        );
      case "numberList":
        return <NumberListInput key={`${variant}-${f.key}`} id={id} value={v} onChange={(list) => set(f.key, list)} a11y={a11y} />;
    }
  };

  return (
    <div className="rule-options" id={`${idPrefix}-form`} data-testid={`${idPrefix}-form`}>
      {errors[""] !== undefined && (
        <p className="field__error" role="alert" data-testid={`${idPrefix}-form-error`}>
          {errors[""]}
        </p>
      )}
      {fields.map((f) => {
        const id = `${idPrefix}-${f.key}`;
        return (
          <div key={f.key} className={f.kind === "boolean" ? "field field--inline" : "field"}>
            <label htmlFor={id}>{f.label[locale]}</label>
            {control(f, id)}
            {errors[f.key] !== undefined && (
              <p className="field__error" id={`${id}-error`} role="alert" data-testid={`${id}-error`}>
                {errors[f.key]}
              </p>
            )}
            <small className="field__help">{f.description[locale]}</small>
          </div>
        );
      })}
    </div>
  );
}
