"use client";
/**
 * Changing one's password on the profile (accounts.changePassword): the
 * current password and a new one. The server ends every other session of the
 * account; this one stays signed in.
 */
import { useRef, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/react";
import { describeError, type DescribedError } from "@/trpc/errors";
import { TextField } from "@/components/forms/TextField";
import { LiveNotice } from "@/components/forms/FormNotice";
import { PASSWORD_MIN, checkPassword, type ValidationMessage } from "@/components/forms/validation";
import { SubmitButton } from "@/components/forms/SubmitButton";

type Field = "currentPassword" | "newPassword";
const FIELDS: readonly Field[] = ["currentPassword", "newPassword"];

export function PasswordChangeForm() {
  const t = useTranslations("profile.password");
  const tAuth = useTranslations("auth");
  const tErrors = useTranslations("errors");
  const trpc = useTRPC();
  const change = useMutation(trpc.accounts.changePassword.mutationOptions());
  const [values, setValues] = useState<Record<Field, string>>({ currentPassword: "", newPassword: "" });
  const [checks, setChecks] = useState<Record<Field, ValidationMessage>>({ currentPassword: null, newPassword: null });
  const [serverError, setServerError] = useState<DescribedError | null>(null);
  const [changed, setChanged] = useState(false);
  const refs = { currentPassword: useRef<HTMLInputElement>(null), newPassword: useRef<HTMLInputElement>(null) };

  const check = (field: Field, value: string) => checkPassword(value, field === "currentPassword");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChanged(false);
    setServerError(null);
    const next = { currentPassword: check("currentPassword", values.currentPassword), newPassword: check("newPassword", values.newPassword) };
    setChecks(next);
    const firstInvalid = FIELDS.find((field) => next[field]);
    if (firstInvalid) {
      refs[firstInvalid].current?.focus();
      return;
    }
    try {
      await change.mutateAsync(values);
    } catch (error) {
      const described = describeError(error);
      setServerError(described);
      refs[FIELDS.find((field) => described.fields[field]) ?? "currentPassword"].current?.focus();
      return;
    }
    setValues({ currentPassword: "", newPassword: "" });
    setChanged(true);
  }

  const text = (field: Field) => {
    const local = checks[field];
    if (local) return tAuth(`validation.${local.key}`, local.values);
    const remote = serverError?.fields[field];
    return remote ? tErrors(remote.key, remote.values) : null;
  };
  return (
    <form className="form" method="post" onSubmit={submit} noValidate aria-busy={change.isPending} data-testid="password-change-form">
      <LiveNotice tone="error" testId="password-change-error">
        {serverError && tErrors(serverError.form.key, serverError.form.values)}
      </LiveNotice>
      <LiveNotice tone="success" testId="password-changed">
        {changed && t("changed")}
      </LiveNotice>
      {FIELDS.map((field) => (
        <TextField
          key={field}
          ref={refs[field]}
          idPrefix="password"
          name={field}
          type="password"
          autoComplete={field === "currentPassword" ? "current-password" : "new-password"}
          label={tAuth(`fields.${field}`)}
          hint={field === "newPassword" ? tAuth("fields.passwordHint", { min: PASSWORD_MIN }) : undefined}
          value={values[field]}
          onChange={(e) => {
            const value = e.target.value;
            setValues((v) => ({ ...v, [field]: value }));
            if (checks[field]) setChecks((c) => ({ ...c, [field]: check(field, value) }));
          }}
          error={text(field)}
          required
        />
      ))}
      <div>
        <SubmitButton className="button" disabled={change.isPending} data-testid="password-change-submit">
          {change.isPending ? t("submitting") : t("submit")}
        </SubmitButton>
      </div>
    </form>
  );
}
