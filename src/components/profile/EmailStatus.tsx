"use client";
/**
 * Whether the profile's email address is verified; while it is not, a button
 * that sends the verification mail again (accounts.resendVerification),
 * disabled until the page is live (a click before that would be lost).
 */
import { useState } from "react";
import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/react";
import { describeError } from "@/trpc/errors";
import { useHydrated } from "@/components/forms/useHydrated";

export function EmailStatus({ verified }: { verified: boolean }) {
  const t = useTranslations("profile.emailStatus");
  const tErrors = useTranslations("errors");
  const trpc = useTRPC();
  const resend = useMutation(trpc.accounts.resendVerification.mutationOptions());
  const hydrated = useHydrated();
  if (verified) {
    return (
      <span className="email-status email-status--verified" data-testid="email-verified-status">
        ✓ {t("verified")}
      </span>
    );
  }
  const error = resend.error ? describeError(resend.error).form : null;
  return (
    <span className="email-status" data-testid="email-unverified-status">
      {t("unverified")}{" "}
      {!resend.isSuccess && (
        <button type="button" className="link-button" disabled={!hydrated || resend.isPending} onClick={() => resend.mutate()} data-testid="resend-verification">
          {resend.isPending ? t("resending") : t("resend")}
        </button>
      )}
      <span aria-live="polite" data-testid="resend-verification-result">
        {resend.data && (resend.data.alreadyVerified ? t("alreadyVerified") : t("resent"))}
        {error && tErrors(error.key, error.values)}
      </span>
    </span>
  );
}
