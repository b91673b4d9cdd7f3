"use client";
/**
 * Editing one's own display name and preferred language (accounts.updateProfile).
 * Saving a new language also stores the cookie, so the choice survives logging out.
 */
import { useState, useTransition, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/react";
import { describeError, type DescribedError } from "@/trpc/errors";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale } from "@/i18n/config";
import { LocaleField } from "@/components/forms/LocaleField";
import { TextField } from "@/components/forms/TextField";
import { LiveNotice } from "@/components/forms/FormNotice";
import { checkDisplayName, type ValidationMessage } from "@/components/forms/validation";
import { SubmitButton } from "@/components/forms/SubmitButton";

export function ProfileEditor({ displayName, locale }: { displayName: string; locale: Locale }) {
  const t = useTranslations("profile");
  const tAuth = useTranslations("auth");
  const tErrors = useTranslations("errors");
  const router = useRouter();
  const trpc = useTRPC();
  const update = useMutation(trpc.accounts.updateProfile.mutationOptions());
  const [isRefreshing, startRefresh] = useTransition();
  const [name, setName] = useState(displayName);
  const [language, setLanguage] = useState<Locale>(locale);
  const [nameError, setNameError] = useState<ValidationMessage>(null);
  const [serverError, setServerError] = useState<DescribedError | null>(null);
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    setServerError(null);
    const problem = checkDisplayName(name);
    setNameError(problem);
    if (problem) return;
    try {
      await update.mutateAsync({ displayName: name, locale: language });
    } catch (error) {
      setServerError(describeError(error));
      return;
    }
    document.cookie = `${LOCALE_COOKIE}=${language}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE}; samesite=lax`;
    setSaved(true);
    startRefresh(() => router.refresh());
  }

  const busy = update.isPending || isRefreshing;
  const nameText = nameError
    ? tAuth(`validation.${nameError.key}`, nameError.values)
    : serverError?.fields.displayName
      ? tErrors(serverError.fields.displayName.key, serverError.fields.displayName.values)
      : null;
  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={busy} data-testid="profile-form">
      <LiveNotice tone="error" testId="form-error">
        {serverError && tErrors(serverError.form.key, serverError.form.values)}
      </LiveNotice>
      <LiveNotice tone="success" testId="profile-saved">
        {saved && !busy && t("edit.saved")}
      </LiveNotice>
      <TextField
        idPrefix="profile"
        name="displayName"
        autoComplete="nickname"
        label={t("displayName")}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          if (nameError) setNameError(checkDisplayName(e.target.value));
        }}
        error={nameText}
        required
      />
      <LocaleField id="profile-locale" label={t("locale")} value={language} onChange={setLanguage} testId="profile-locale" />
      <div>
        <SubmitButton className="button" disabled={busy} data-testid="profile-save">
          {busy ? t("edit.saving") : t("edit.save")}
        </SubmitButton>
      </div>
    </form>
  );
}
