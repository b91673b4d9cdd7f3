/**
 * Creating a table: the variant, its rule options (drawn from the engine's
 * option fields, defaults preset), public or private, and the turn timer.
 * On success it goes to the table (with the invite code for a private one).
 */
"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { VARIANTS } from "@/engine";
import type { OptionField } from "@/engine/types";
import { useTRPC } from "@/trpc/react";
import styles from "./table.module.css";

const defaultsOf = (fields: readonly OptionField[]) => Object.fromEntries(fields.map((f) => [f.key, f.default]));

export function CreateTableForm({ locale }: { locale: "da" | "nb" | "en" }) {
  const t = useTranslations("table");
  const tg = useTranslations("game");
  const router = useRouter();
  const trpc = useTRPC();
  const ids = Object.keys(VARIANTS);
  const [variant, setVariant] = useState(ids[0] ?? "classic");
  const fields = VARIANTS[variant as keyof typeof VARIANTS]?.optionFields ?? [];
  const [options, setOptions] = useState<Record<string, unknown>>(() => defaultsOf(fields));
  const [isPrivate, setPrivate] = useState(false);
  const [turnSeconds, setTurnSeconds] = useState(45);
  const create = useMutation(trpc.tables.create.mutationOptions());

  const field = (f: OptionField) => {
    const v = options[f.key];
    const set = (x: unknown) => setOptions((o) => ({ ...o, [f.key]: x }));
    const help = <span className={styles.fieldHelp}>{f.description[locale]}</span>;
    if (f.kind === "boolean")
      return (
        <label key={f.key} className={styles.inline}>
          <input type="checkbox" checked={v === true} onChange={(e) => set(e.target.checked)} data-testid={`opt-${f.key}`} />
          {f.label[locale]} {help}
        </label>
      );
    if (f.kind === "enum")
      return (
        <label key={f.key}>
          {f.label[locale]}
          <select value={String(v)} onChange={(e) => set(e.target.value)} data-testid={`opt-${f.key}`}>
            {f.values?.map((x) => (
              <option key={x.value} value={x.value}>
                {x.label[locale]}
              </option>
            ))}
          </select>
          {help}
        </label>
      );
    if (f.kind === "integer")
      return (
        <label key={f.key}>
          {f.label[locale]}
          <input type="number" min={f.min} max={f.max} step={f.step ?? 1} value={Number(v)} onChange={(e) => set(Number(e.target.value))} data-testid={`opt-${f.key}`} />
          {help}
        </label>
      );
    return (
      <label key={f.key}>
        {f.label[locale]}
        <input
          value={Array.isArray(v) ? v.join(", ") : String(v)}
          onChange={(e) => set(e.target.value.split(/[,\s]+/).filter(Boolean).map(Number))}
          data-testid={`opt-${f.key}`}
        />
        {help}
      </label>
    );
  };

  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate(
          { variant, options, isPrivate, turnSeconds },
          { onSuccess: (r) => router.push(r.isPrivate ? `/play/${r.id}?invite=${r.inviteCode}` : `/play/${r.id}`) },
        );
      }}
    >
      <label>
        {t("create.variant")}
        <select
          value={variant}
          onChange={(e) => {
            setVariant(e.target.value);
            setOptions(defaultsOf(VARIANTS[e.target.value as keyof typeof VARIANTS]?.optionFields ?? []));
          }}
          data-testid="create-variant"
        >
          {ids.map((id) => (
            <option key={id} value={id}>
              {tg(`variants.${id}`)}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>{t("create.rules")}</legend>
        {fields.map(field)}
      </fieldset>
      <label className={styles.inline}>
        <input type="checkbox" checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} data-testid="create-private" />
        {t("create.private")}
      </label>
      <label>
        {t("create.turnSeconds")}
        <input type="number" min={10} max={600} value={turnSeconds} onChange={(e) => setTurnSeconds(Number(e.target.value))} />
      </label>
      {create.error && <p className={styles.error}>{create.error.message}</p>}
      <button type="submit" disabled={create.isPending} data-testid="create-submit">
        {t("create.submit")}
      </button>
    </form>
  );
}
