"use client";
/**
 * The registration form: inline checks with the server's own rules, then the
 * accounts.register mutation, then a login with the same credentials (the
 * login action redirects to the profile). Server errors are shown translated,
 * per field where the server names one; the typed values are never lost.
 */
import { useRef, useState, useTransition, type FormEvent } from "react";
import { useLocale, useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/react";
import { describeCode, describeError, type TranslatableMessage } from "@/trpc/errors";
import { loginAction } from "@/server/auth/actions";
import { isLocale, type Locale } from "@/i18n/config";
import { LocaleField } from "@/components/forms/LocaleField";
import { TextField } from "@/components/forms/TextField";
import { LiveNotice } from "@/components/forms/FormNotice";
import { PASSWORD_MIN, checkDisplayName, checkEmail, checkPassword, type ValidationMessage } from "@/components/forms/validation";
import { SubmitButton } from "@/components/forms/SubmitButton";

type Field = "displayName" | "email" | "password";
const FIELDS: readonly Field[] = ["displayName", "email", "password"];
const CHECKS: Record<Field, (value: string) => ValidationMessage> = {
  displayName: checkDisplayName,
  email: checkEmail,
  password: (value) => checkPassword(value),
};

/** A field's message: from the client checks (auth.validation) or from the server (errors). */
type FieldMessage = { source: "client"; message: NonNullable<ValidationMessage> } | { source: "server"; message: TranslatableMessage };

export function RegisterForm() {
  const t = useTranslations("auth");
  const tErrors = useTranslations("errors");
  const currentLocale = useLocale();
  const trpc = useTRPC();
  const register = useMutation(trpc.accounts.register.mutationOptions());
  const [isLoggingIn, startLogin] = useTransition();
  const [values, setValues] = useState<Record<Field, string>>({ displayName: "", email: "", password: "" });
  const [locale, setLocale] = useState<Locale>(isLocale(currentLocale) ? currentLocale : "da");
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, FieldMessage>>>({});
  const [formError, setFormError] = useState<TranslatableMessage | null>(null);
  const refs = {
    displayName: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  const clientError = (field: Field, value: string): FieldMessage | undefined => {
    const message = CHECKS[field](value);
    return message ? { source: "client", message } : undefined;
  };
  const text = (error: FieldMessage | undefined) =>
    !error
      ? null
      : error.source === "client"
        ? t(`validation.${error.message.key}`, error.message.values)
        : tErrors(error.message.key, error.message.values);

  function update(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (fieldErrors[field]) setFieldErrors((e) => ({ ...e, [field]: clientError(field, value) }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const errors: Partial<Record<Field, FieldMessage>> = {};
    for (const field of FIELDS) errors[field] = clientError(field, values[field]);
    setFieldErrors(errors);
    const firstInvalid = FIELDS.find((field) => errors[field]);
    if (firstInvalid) {
      refs[firstInvalid].current?.focus();
      return;
    }
    try {
      await register.mutateAsync({ ...values, locale });
    } catch (error) {
      const described = describeError(error);
      const serverFields: Partial<Record<Field, FieldMessage>> = {};
      for (const field of FIELDS) {
        const message = described.fields[field];
        if (message) serverFields[field] = { source: "server", message };
      }
      setFieldErrors(serverFields);
      setFormError(described.form);
      return;
    }
    const formData = new FormData();
    formData.set("email", values.email);
    formData.set("password", values.password);
    formData.set("redirectTo", "/profile?welcome=1");
    startLogin(async () => {
      // Redirects on success; only a failure returns.
      const result = await loginAction(formData);
      setFormError(describeCode(result.error, result.minutes ? { minutes: result.minutes } : null));
    });
  }

  const busy = register.isPending || isLoggingIn || register.isSuccess;
  return (
    <form className="form" method="post" onSubmit={submit} noValidate aria-busy={busy} data-testid="register-form">
      <LiveNotice tone="error" testId="form-error">
        {formError && tErrors(formError.key, formError.values)}
      </LiveNotice>
      <TextField
        ref={refs.displayName}
        name="displayName"
        autoComplete="nickname"
        label={t("fields.displayName")}
        hint={t("fields.displayNameHint")}
        value={values.displayName}
        onChange={(e) => update("displayName", e.target.value)}
        onBlur={(e) => e.target.value && setFieldErrors((er) => ({ ...er, displayName: clientError("displayName", e.target.value) }))}
        error={text(fieldErrors.displayName)}
        required
      />
      <TextField
        ref={refs.email}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        label={t("fields.email")}
        value={values.email}
        onChange={(e) => update("email", e.target.value)}
        onBlur={(e) => e.target.value && setFieldErrors((er) => ({ ...er, email: clientError("email", e.target.value) }))}
        error={text(fieldErrors.email)}
        required
      />
      <TextField
        ref={refs.password}
        name="password"
        type="password"
        autoComplete="new-password"
        label={t("fields.password")}
        hint={t("fields.passwordHint", { min: PASSWORD_MIN })}
        value={values.password}
        onChange={(e) => update("password", e.target.value)}
        onBlur={(e) => e.target.value && setFieldErrors((er) => ({ ...er, password: clientError("password", e.target.value) }))}
        error={text(fieldErrors.password)}
        required
      />
      <LocaleField id="field-locale" label={t("fields.locale")} value={locale} onChange={setLocale} />
      <div>
        <SubmitButton className="button" disabled={busy} data-testid="register-submit">
          {busy ? t("register.submitting") : t("register.submit")}
        </SubmitButton>
      </div>
    </form>
  );
}
