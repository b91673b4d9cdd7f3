/**
 * Creating a table: the variant, how many players where the variant allows
 * more than one count (its seat range, its default first), its rule options
 * (the shared rules form, drawn from the engine's option fields with their
 * defaults), public or
 * private, the turn timer and the pause after each trick. On success it goes to the table (with the
 * invite code for a private one). Rules the engine refuses are marked under their field.
 */
"use client";

import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { getVariant, variantIds, variantMeta } from "@/engine";
import type { OptionIssue } from "@/engine/options";
import { revealFirstError, ruleOptionIssues, useRuleOptionErrors } from "@/components/rules/option-errors";
import { RuleOptionsForm, defaultRuleOptions, type RuleOptions } from "@/components/rules/RuleOptionsForm";
import type { Locale } from "@/i18n/config";
import { TRICK_PAUSE_MS } from "@/protocol";
import { useTRPC } from "@/trpc/react";
import { describeError } from "@/trpc/errors";
import { SubmitButton } from "@/components/forms/SubmitButton";

export function CreateTableForm({ locale }: { locale: Locale }) {
  const t = useTranslations("table");
  const tg = useTranslations("game");
  const te = useTranslations("errors");
  const router = useRouter();
  const trpc = useTRPC();
  const ids = variantIds();
  const [variant, setVariant] = useState<string>(ids[0]!);
  const [options, setOptions] = useState<RuleOptions>(() => defaultRuleOptions(ids[0]!));
  const seatRange = variantMeta(variant)?.seats ?? { min: 4, max: 4, default: 4 };
  const [seatCount, setSeatCount] = useState(seatRange.default);
  const [isPrivate, setPrivate] = useState(false);
  const [turnSeconds, setTurnSeconds] = useState(45);
  const [trickPauseMs, setTrickPauseMs] = useState<number>(TRICK_PAUSE_MS.default);
  const create = useMutation(trpc.tables.create.mutationOptions());
  const errorsOf = useRuleOptionErrors();
  const [issues, setIssues] = useState<OptionIssue[] | null>(null);
  const [reveal, setReveal] = useState(0);
  const ruleErrors = errorsOf(issues ?? []);
  useEffect(() => {
    if (reveal > 0) revealFirstError("opt", ["", ...(getVariant(variant)?.optionFields ?? []).map((f) => f.key)], ruleErrors);
    // Only when a create was refused, not on every keystroke.
  }, [reveal]);

  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        // The engine's verdict first: a refused rule is shown under its field, in view.
        const found = ruleOptionIssues(variant, options);
        setIssues(found);
        if (found.length > 0) return setReveal((n) => n + 1);
        create.mutate(
          // A fixed seat count goes without saying.
          { variant, options, isPrivate, turnSeconds, trickPauseMs, ...(seatRange.min < seatRange.max ? { seatCount } : {}) },
          { onSuccess: (r) => router.push(r.isPrivate ? `/play/${r.id}?invite=${r.inviteCode}` : `/play/${r.id}`) },
        );
      }}
    >
      <div className="field">
        <label htmlFor="create-variant">{t("create.variant")}</label>
        <select
          id="create-variant"
          value={variant}
          onChange={(e) => {
            setVariant(e.target.value);
            setOptions(defaultRuleOptions(e.target.value));
            setSeatCount(variantMeta(e.target.value)?.seats.default ?? 4);
            setIssues(null);
          }}
          data-testid="create-variant"
        >
          {ids.map((id) => (
            <option key={id} value={id}>
              {tg(`variants.${id}`)}
            </option>
          ))}
        </select>
      </div>
      {seatRange.min < seatRange.max && (
        <div className="field">
          <label htmlFor="create-seat-count">{t("create.seatCount")}</label>
          <select id="create-seat-count" value={seatCount} onChange={(e) => setSeatCount(Number(e.target.value))} data-testid="create-seat-count">
            {Array.from({ length: seatRange.max - seatRange.min + 1 }, (_, i) => seatRange.min + i).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      )}
      <fieldset className="rules-fieldset">
        <legend>{t("create.rules")}</legend>
        <RuleOptionsForm key={variant} variant={variant} value={options}
          onChange={(next) => {
            setOptions(next);
            if (issues) setIssues(ruleOptionIssues(variant, next));
          }}
          locale={locale}
          idPrefix="opt"
          errors={ruleErrors}
        />
      </fieldset>
      <div className="field field--inline">
        <label htmlFor="create-private">{t("create.private")}</label>
        <input id="create-private" type="checkbox" checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} data-testid="create-private" />
      </div>
      <div className="field">
        <label htmlFor="create-turn-seconds">{t("create.turnSeconds")}</label>
        <input
          id="create-turn-seconds"
          type="number"
          min={10}
          max={600}
          value={turnSeconds}
          onChange={(e) => setTurnSeconds(Number(e.target.value))}
        />
      </div>
      <div className="field">
        <label htmlFor="create-trick-pause">{t("create.trickPause")}</label>
        <input
          id="create-trick-pause"
          type="number"
          min={TRICK_PAUSE_MS.min}
          max={TRICK_PAUSE_MS.max}
          step={TRICK_PAUSE_MS.step}
          value={trickPauseMs}
          onChange={(e) => setTrickPauseMs(Number(e.target.value))}
          aria-describedby="create-trick-pause-help"
          data-testid="create-trick-pause"
        />
        <small id="create-trick-pause-help" className="field__help">
          {t("create.trickPauseHelp")}
        </small>
      </div>
      {create.error && (
        <p className="field__error" role="status" data-testid="create-error">
          {(({ key, values }) => te(key, values))(describeError(create.error).form)} <small>({create.error.message})</small>
        </p>
      )}
      <div>
        <SubmitButton className="button" disabled={create.isPending || create.isSuccess} data-testid="create-submit">
          {t("create.submit")}
        </SubmitButton>
      </div>
    </form>
  );
}
