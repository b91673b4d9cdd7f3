/**
 * The ranked queue: pick a variant, join, and wait; the status is polled
 * (each poll also runs matchmaking on the server) and once the match has
 * started the player is taken to their table. While waiting it shows the
 * time waited and how many wait per variant; after the server's offer time it
 * offers an unrated table with computer players (leaving the queue).
 */
"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { VARIANT_IDS } from "@/engine/meta";
import { useTRPC } from "@/trpc/react";
import { SubmitButton } from "@/components/forms/SubmitButton";

export function RankedQueue() {
  const t = useTranslations("ranked");
  const tg = useTranslations("game");
  const trpc = useTRPC();
  const router = useRouter();
  const client = useQueryClient();
  const [variant, setVariant] = useState<string>(VARIANT_IDS[0]!);
  const status = useQuery({ ...trpc.ranked.status.queryOptions(), refetchInterval: 1500 });
  const refresh = () => client.invalidateQueries({ queryKey: trpc.ranked.status.queryKey() });
  const join = useMutation(trpc.ranked.join.mutationOptions({ onSuccess: refresh }));
  const leave = useMutation(trpc.ranked.leave.mutationOptions({ onSuccess: refresh }));
  const computers = useMutation(trpc.ranked.playWithComputers.mutationOptions({ onSuccess: (r) => router.push(`/play/${r.tableId}`) }));
  const duration = (seconds: number) =>
    seconds < 60 ? t("seconds", { count: seconds }) : t("minutes", { minutes: Math.floor(seconds / 60), seconds: String(seconds % 60).padStart(2, "0") });
  const s = status.data;
  const tableId = s?.state === "playing" ? s.tableId : null;
  useEffect(() => {
    if (tableId) router.push(`/play/${tableId}`);
  }, [tableId, router]);

  return (
    <section className="card" data-testid="ranked-queue" data-state={s?.state ?? "loading"}>
      {s?.state === "playing" ? (
        <p>
          {t("playing")}{" "}
          <Link href={`/play/${s.tableId}`} data-testid="ranked-table-link">
            {t("goToTable")}
          </Link>
        </p>
      ) : s?.state === "waiting" ? (
        <>
          <p data-testid="ranked-waiting">
            {tg(`variants.${s.variant}`)}: {t("waiting", { count: s.waiting })}
          </p>
          <p data-testid="ranked-waited" data-seconds={s.waitedSeconds}>
            {t("waited", { time: duration(s.waitedSeconds) })}
          </p>
          <p className="muted" data-testid="ranked-queues">
            {t("queues")}:{" "}
            {s.byVariant.map((q, i) => (
              <span key={q.variant} data-testid={`ranked-queue-${q.variant}`}>
                {i > 0 && " · "}
                {t("queueCount", { variant: tg(`variants.${q.variant}`), count: q.count })}
              </span>
            ))}
          </p>
          {s.waitedSeconds >= s.offerComputersAfterSeconds && (
            <div className="notice" data-testid="ranked-offer">
              <p>{t("offer")}</p>
              <button type="button" className="button" onClick={() => computers.mutate()} disabled={computers.isPending || computers.isSuccess} data-testid="ranked-play-computers">
                {t("playComputers")}
              </button>
              {computers.error && <p className="field__error">{t("failed")}</p>}
            </div>
          )}
          <button type="button" className="button button--ghost" onClick={() => leave.mutate()} disabled={leave.isPending} data-testid="ranked-leave">
            {t("leave")}
          </button>
        </>
      ) : (
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            join.mutate({ variant });
          }}
        >
          <p className="muted">{t("idle")}</p>
          <div className="field">
            <label htmlFor="ranked-variant">{t("variant")}</label>
            <select id="ranked-variant" value={variant} onChange={(e) => setVariant(e.target.value)} data-testid="ranked-variant">
              {VARIANT_IDS.map((v) => (
                <option key={v} value={v}>
                  {tg(`variants.${v}`)}
                </option>
              ))}
            </select>
          </div>
          <SubmitButton className="button" disabled={join.isPending || !s} data-testid="ranked-join">
            {t("join")}
          </SubmitButton>
        </form>
      )}
      {join.error && (
        <p className="notice notice--error" data-testid="ranked-error">
          {(join.error as { data?: { appCode?: string } }).data?.appCode === "RANKED_IN_MATCH" ? t("inMatch") : t("failed")}
        </p>
      )}
    </section>
  );
}
