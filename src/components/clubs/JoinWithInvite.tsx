/** /clubs/join/<code>: accepting an invitation link, then on to the club. */
"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/react";
import { FormNotice } from "@/components/forms/FormNotice";
import { useClubErrorText } from "./errors";

export function JoinWithInvite({ code }: { code: string }) {
  const t = useTranslations("clubs.joinInvite");
  const trpc = useTRPC();
  const router = useRouter();
  const errorText = useClubErrorText();
  const join = useMutation(trpc.clubs.joinWithInvite.mutationOptions({ onSuccess: (r) => router.push(`/clubs/${r.clubId}`) }));
  return (
    <>
      <h1>{t("title")}</h1>
      <p>{t("text")}</p>
      {join.error && (
        <FormNotice tone="error" testId="club-error">
          {errorText(join.error)}
        </FormNotice>
      )}
      <button className="button" onClick={() => join.mutate({ code })} disabled={join.isPending} data-testid="invite-join">
        {t("submit")}
      </button>
    </>
  );
}
