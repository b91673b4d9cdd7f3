/**
 * Creating or editing one of a club's house-rule presets: a name, the game
 * (fixed once created), and every rule of that game through RuleOptionsForm.
 * Saving an edit stores a new version on the server. The rules are checked by
 * the engine before sending (and again by the server); a refused rule gets its
 * translated message under its own field, which is scrolled into view.
 */
"use client";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { getVariant, variantIds } from "@/engine";
import type { OptionIssue } from "@/engine/options";
import type { Locale } from "@/i18n/config";
import { useTRPC } from "@/trpc/react";
import { FormNotice } from "@/components/forms/FormNotice";
import { RuleOptionsForm, defaultRuleOptions, type RuleOptions } from "@/components/rules/RuleOptionsForm";
import { revealFirstError, ruleOptionIssues, serverOptionIssue, useRuleOptionErrors } from "@/components/rules/option-errors";
import { useClubErrorText } from "./errors";
import { SubmitButton } from "@/components/forms/SubmitButton";

const RULE_PREFIX = "preset-rule";

export type PresetDraft = { presetId?: string; name: string; variant: string; options: RuleOptions };

export function PresetEditor({
  clubId,
  draft,
  locale,
  onDone,
}: {
  clubId: string;
  draft: PresetDraft | null;
  locale: Locale;
  onDone: () => void;
}) {
  const t = useTranslations("clubs.preset");
  const tg = useTranslations("game");
  const trpc = useTRPC();
  const errorText = useClubErrorText();
  const [name, setName] = useState(draft?.name ?? "");
  const [variant, setVariant] = useState(draft?.variant ?? variantIds()[0]!);
  const [options, setOptions] = useState<RuleOptions>(draft?.options ?? defaultRuleOptions(variant));
  const [makeDefault, setMakeDefault] = useState(false);
  const create = useMutation(trpc.clubs.createPreset.mutationOptions());
  const update = useMutation(trpc.clubs.updatePreset.mutationOptions());
  const error = create.error ?? update.error;
  const editing = draft?.presetId;
  const tr = useTranslations("rules.optionErrors");
  const errorsOf = useRuleOptionErrors();
  // Shown after a refused save; re-checked on every change so a fixed field clears.
  const [issues, setIssues] = useState<OptionIssue[] | null>(null);
  const [reveal, setReveal] = useState(0);
  const serverIssue = serverOptionIssue(error);
  const fieldErrors = errorsOf(issues?.length ? issues : serverIssue ? [serverIssue] : []);
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  const fieldOrder = ["", ...(getVariant(variant)?.optionFields ?? []).map((f) => f.key)];

  useEffect(() => {
    if (reveal > 0) revealFirstError(RULE_PREFIX, fieldOrder, fieldErrors);
    // Only when a save was refused, not on every keystroke.
  }, [reveal]);

  const changeOptions = (next: RuleOptions) => {
    setOptions(next);
    if (issues) setIssues(ruleOptionIssues(variant, next));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = ruleOptionIssues(variant, options);
    setIssues(found);
    if (found.length > 0) {
      setReveal((n) => n + 1);
      return;
    }
    const refused = { onError: (err: unknown) => serverOptionIssue(err) && setReveal((n) => n + 1) };
    if (editing) update.mutate({ clubId, presetId: editing, name, options }, { onSuccess: onDone, ...refused });
    else create.mutate({ clubId, name, variant, options, makeDefault }, { onSuccess: onDone, ...refused });
  };

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="preset-form">
      <h3>{editing ? t("editTitle", { name: draft?.name ?? "" }) : t("new")}</h3>
      {error && !serverIssue && (
        <FormNotice tone="error" testId="preset-error">
          {errorText(error)}
        </FormNotice>
      )}
      <div className="field">
        <label htmlFor="preset-name">{t("name")}</label>
        <input id="preset-name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={60} data-testid="preset-name" />
      </div>
      <div className="field">
        <label htmlFor="preset-variant">{t("variant")}</label>
        <select
          id="preset-variant"
          value={variant}
          disabled={!!editing}
          onChange={(e) => {
            setVariant(e.target.value);
            setOptions(defaultRuleOptions(e.target.value));
            setIssues(null);
          }}
          data-testid="preset-variant"
        >
          {variantIds().map((id) => (
            <option key={id} value={id}>
              {tg(`variants.${id}`)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="rules-fieldset">
        <legend>{t("rules")}</legend>
        <RuleOptionsForm
          key={variant}
          variant={variant} value={options}
          onChange={changeOptions}
          locale={locale}
          idPrefix={RULE_PREFIX}
          errors={fieldErrors}
        />
      </fieldset>
      {!editing && (
        <div className="field field--inline">
          <input id="preset-default" type="checkbox" checked={makeDefault} onChange={(e) => setMakeDefault(e.target.checked)} data-testid="preset-default" />
          <label htmlFor="preset-default">{t("makeDefault")}</label>
        </div>
      )}
      {editing && <p className="muted">{t("versionNote")}</p>}
      {hasFieldErrors && (
        <p className="field__error" role="status" data-testid="preset-rules-invalid">
          {tr("summary")}
        </p>
      )}
      <div className="button-row">
        <SubmitButton className="button" disabled={create.isPending || update.isPending} data-testid="preset-save">
          {t("save")}
        </SubmitButton>
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t("cancel")}
        </button>
      </div>
    </form>
  );
}
