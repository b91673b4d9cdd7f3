"use client";
/**
 * Choosing a new password through a reset link (accounts.resetPassword).
 * A refused password is explained at the field (the link stays usable); on
 * success every session has ended and the login page says so.
 */
import Link from "next/link";
import { useRef, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/react";
import { describeError, type DescribedError } from "@/trpc/errors";
import { TextField } from "@/components/forms/TextField";
import { LiveNotice } from "@/components/forms/FormNotice";
import { PASSWORD_MIN, checkPassword, type ValidationMessage } from "@/components/forms/validation";
import { SubmitButton } from "@/components/forms/SubmitButton";

export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations("auth");
  const tErrors = useTranslations("errors");
  const router = useRouter();
  const trpc = useTRPC();
  const reset = useMutation(trpc.accounts.resetPassword.mutationOptions());
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<ValidationMessage>(null);
  const [serverError, setServerError] = useState<DescribedError | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const problem = checkPassword(password);
    setPasswordError(problem);
    if (problem) {
      passwordRef.current?.focus();
      return;
    }
    try {
      await reset.mutateAsync({ token, password });
    } catch (error) {
      setServerError(describeError(error));
      passwordRef.current?.focus();
      return;
    }
    router.push("/login?reset=done");
  }

  const fieldText = passwordError
    ? t(`validation.${passwordError.key}`, passwordError.values)
    : serverError?.fields.password
      ? tErrors(serverError.fields.password.key, serverError.fields.password.values)
      : null;
  const linkUsedUp = serverError?.form.key === "INVALID_TOKEN";
  const busy = reset.isPending || reset.isSuccess;
  return (
    <form className="form" method="post" onSubmit={submit} noValidate aria-busy={busy} data-testid="reset-password-form">
      <LiveNotice tone="error" testId="form-error">
        {serverError && (
          <>
            {tErrors(serverError.form.key, serverError.form.values)}
            {linkUsedUp && (
              <>
                {" "}
                <Link href="/forgot-password">{t("reset.askAgain")}</Link>
              </>
            )}
          </>
        )}
      </LiveNotice>
      <TextField
        ref={passwordRef}
        name="password"
        type="password"
        autoComplete="new-password"
        label={t("fields.newPassword")}
        hint={t("fields.passwordHint", { min: PASSWORD_MIN })}
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
          if (passwordError) setPasswordError(checkPassword(e.target.value));
        }}
        error={fieldText}
        required
      />
      <div>
        <SubmitButton className="button" disabled={busy} data-testid="reset-password-submit">
          {busy ? t("reset.submitting") : t("reset.submit")}
        </SubmitButton>
      </div>
    </form>
  );
}
