/** Opening a club's ranked table: pick one of your clubs and one of its presets; the table opens for members to sit. */
"use client";

import Link from "next/link";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/react";
import { SubmitButton } from "@/components/forms/SubmitButton";

export function ClubRankedTable() {
  const t = useTranslations("ranked");
  const tg = useTranslations("game");
  const trpc = useTRPC();
  const router = useRouter();
  const clubs = useQuery(trpc.clubs.mine.queryOptions());
  const [clubId, setClubId] = useState("");
  const chosen = clubId || clubs.data?.[0]?.id || "";
  const details = useQuery({ ...trpc.clubs.details.queryOptions({ clubId: chosen }), enabled: !!chosen });
  const [presetId, setPresetId] = useState("");
  const presets = details.data?.presets ?? [];
  const preset = presetId || presets[0]?.id || "";
  const open = useMutation(trpc.ranked.openClubTable.mutationOptions({ onSuccess: (r) => router.push(`/play/${r.tableId}`) }));
  if (clubs.data && clubs.data.length === 0) return <p className="muted">{t("clubTable.none")}</p>;
  return (
    <form
      className="form"
      data-testid="club-ranked-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (chosen && preset) open.mutate({ clubId: chosen, presetId: preset });
      }}
    >
      <div className="field">
        <label htmlFor="club-ranked-club">{t("clubTable.club")}</label>
        <select id="club-ranked-club" value={chosen} onChange={(e) => { setClubId(e.target.value); setPresetId(""); }}>
          {(clubs.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="club-ranked-preset">{t("clubTable.preset")}</label>
        <select id="club-ranked-preset" value={preset} onChange={(e) => setPresetId(e.target.value)}>
          {presets.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({tg(`variants.${p.variant}`)})
            </option>
          ))}
        </select>
      </div>
      <SubmitButton className="button" disabled={!preset || open.isPending || open.isSuccess}>
        {t("clubTable.open")}
      </SubmitButton>
      {chosen && <Link href={`/leaderboard?club=${encodeURIComponent(chosen)}`}>{t("clubTable.ladder")}</Link>}
      {open.error && <p className="notice notice--error">{t("failed")}</p>}
    </form>
  );
}
