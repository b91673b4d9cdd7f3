"use client";
/**
 * "Forgot password": asks for the account's email and calls
 * accounts.requestPasswordReset. The answer is the same whether or not an
 * account has the address, so the form says the same either way.
 */
import { useRef, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/react";
import { describeError, type TranslatableMessage } from "@/trpc/errors";
import { TextField } from "@/components/forms/TextField";
import { LiveNotice } from "@/components/forms/FormNotice";
import { checkEmail, type ValidationMessage } from "@/components/forms/validation";
import { SubmitButton } from "@/components/forms/SubmitButton";

export function ForgotPasswordForm({ validHours }: { validHours: number }) {
  const t = useTranslations("auth");
  const tErrors = useTranslations("errors");
  const trpc = useTRPC();
  const request = useMutation(trpc.accounts.requestPasswordReset.mutationOptions());
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<ValidationMessage>(null);
  const [formError, setFormError] = useState<TranslatableMessage | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    setSentTo(null);
    const problem = checkEmail(email);
    setEmailError(problem);
    if (problem) {
      emailRef.current?.focus();
      return;
    }
    try {
      await request.mutateAsync({ email });
      setSentTo(email.trim());
    } catch (error) {
      setFormError(describeError(error).form);
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={request.isPending} data-testid="forgot-password-form">
      <LiveNotice tone="error" testId="form-error">
        {formError && tErrors(formError.key, formError.values)}
      </LiveNotice>
      <LiveNotice tone="success" testId="reset-requested">
        {sentTo && t("forgot.sent", { email: sentTo, hours: validHours })}
      </LiveNotice>
      <TextField
        ref={emailRef}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        label={t("fields.email")}
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          if (emailError) setEmailError(checkEmail(e.target.value));
        }}
        error={emailError && t(`validation.${emailError.key}`, emailError.values)}
        required
      />
      <div>
        <SubmitButton className="button" disabled={request.isPending} data-testid="forgot-password-submit">
          {request.isPending ? t("forgot.submitting") : t("forgot.submit")}
        </SubmitButton>
      </div>
    </form>
  );
}
