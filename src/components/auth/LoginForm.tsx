"use client";
/**
 * The login form: checks the fields inline, then calls the login server
 * action. Failures come back as codes and are shown translated; the typed
 * email and password stay in the fields. Success redirects (server-side).
 */
import { useActionState, useRef, useState, useTransition, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { loginFormAction, type LoginResult } from "@/server/auth/actions";
import { describeCode } from "@/trpc/errors";
import { TextField } from "@/components/forms/TextField";
import { LiveNotice } from "@/components/forms/FormNotice";
import { checkEmail, checkPassword, type ValidationMessage } from "@/components/forms/validation";
import { SubmitButton } from "@/components/forms/SubmitButton";

type Field = "email" | "password";

export function LoginForm({ redirectTo }: { redirectTo: string }) {
  const t = useTranslations("auth");
  const tErrors = useTranslations("errors");
  const [result, dispatch, isPending] = useActionState<LoginResult | null, FormData>(loginFormAction, null);
  const [, startTransition] = useTransition();
  const [values, setValues] = useState({ email: "", password: "" });
  const [errors, setErrors] = useState<Record<Field, ValidationMessage>>({ email: null, password: null });
  const refs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const check = (field: Field, value: string) => (field === "email" ? checkEmail(value) : checkPassword(value, true));
  const show = (message: ValidationMessage) => (message ? t(`validation.${message.key}`, message.values) : null);

  function update(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    // Once a field has shown an error, re-check it as the user types so the error clears promptly.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: check(field, value) }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    // Dispatching by hand (not <form action>) keeps React from resetting the fields.
    event.preventDefault();
    const next = { email: check("email", values.email), password: check("password", values.password) };
    setErrors(next);
    const firstInvalid = (["email", "password"] as const).find((field) => next[field]);
    if (firstInvalid) {
      refs[firstInvalid].current?.focus();
      return;
    }
    const formData = new FormData();
    formData.set("email", values.email);
    formData.set("password", values.password);
    formData.set("redirectTo", redirectTo);
    startTransition(() => dispatch(formData));
  }

  const serverError = result && !result.ok ? describeCode(result.error, result.minutes ? { minutes: result.minutes } : null) : null;

  return (
    <form className="form" method="post" onSubmit={submit} noValidate aria-busy={isPending} data-testid="login-form">
      <LiveNotice tone="error" testId="form-error">
        {serverError && tErrors(serverError.key, serverError.values)}
      </LiveNotice>
      <TextField
        ref={refs.email}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        label={t("fields.email")}
        value={values.email}
        onChange={(e) => update("email", e.target.value)}
        onBlur={(e) => e.target.value && setErrors((er) => ({ ...er, email: check("email", e.target.value) }))}
        error={show(errors.email)}
        required
      />
      <TextField
        ref={refs.password}
        name="password"
        type="password"
        autoComplete="current-password"
        label={t("fields.password")}
        value={values.password}
        onChange={(e) => update("password", e.target.value)}
        error={show(errors.password)}
        required
      />
      <div>
        <SubmitButton className="button" disabled={isPending} data-testid="login-submit">
          {isPending ? t("login.submitting") : t("login.submit")}
        </SubmitButton>
      </div>
    </form>
  );
}
