/**
 * /clubs/join/<code>: an invitation link. Names the club (name, description,
 * member count) before the person joins; an invalid link says so in words,
 * and a member is sent on to the club instead of joining twice.
 */
"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/react";
import { FormNotice } from "@/components/forms/FormNotice";
import { useClubErrorText } from "./errors";

export function JoinWithInvite({ code }: { code: string }) {
  const t = useTranslations("clubs.joinInvite");
  const tClubs = useTranslations("clubs");
  const trpc = useTRPC();
  const router = useRouter();
  const errorText = useClubErrorText();
  const preview = useQuery({ ...trpc.clubs.invitePreview.queryOptions({ code }), retry: false });
  const join = useMutation(trpc.clubs.joinWithInvite.mutationOptions({ onSuccess: (r) => router.push(`/clubs/${r.clubId}`) }));
  const club = preview.data;
  const error = join.error ?? preview.error;
  return (
    <>
      <h1>{t("title")}</h1>
      {error && (
        <FormNotice tone="error" testId="club-error">
          {errorText(error)}
        </FormNotice>
      )}
      {club && (
        <section className="card card--accent" data-testid="invite-club">
          <p>{t("text", { name: club.name })}</p>
          <h2 data-testid="invite-club-name">{club.name}</h2>
          {club.description && <p data-testid="invite-club-description">{club.description}</p>}
          <p data-testid="invite-club-members">
            {tClubs("memberCount", { count: club.memberCount })} · {club.isOpen ? tClubs("open") : tClubs("inviteOnly")}
          </p>
          {club.myRole ? (
            <>
              <p>{t("already")}</p>
              <Link className="button" href={`/clubs/${club.clubId}`}>
                {t("goToClub")}
              </Link>
            </>
          ) : (
            <button className="button" onClick={() => join.mutate({ code })} disabled={join.isPending} data-testid="invite-join">
              {t("submit")}
            </button>
          )}
        </section>
      )}
    </>
  );
}
