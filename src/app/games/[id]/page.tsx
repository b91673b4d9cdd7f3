/**
 * /games/[id]: a finished match replayed from its stored game record, with the
 * ratings it changed. ?hand=H&step=S opens it at hand H (from 1) after S
 * actions of that hand (the replay's copied link).
 */
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { TRPCError } from "@trpc/server";
import { parseRecord } from "@/engine";
import { getServerApi } from "@/server/api/server";
import { ReplayViewer } from "@/components/replay/ReplayViewer";

type Params = Promise<{ id: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

/** A whole number from the address, or undefined (the viewer clamps it to the record). */
const whole = (v: string | string[] | undefined): number | undefined => {
  const n = typeof v === "string" && /^\d{1,4}$/.test(v) ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("history"))("replay.title") };
}

export default async function GamePage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const [{ id }, search] = await Promise.all([params, searchParams]);
  const initial = { hand: whole(search.hand) ?? 1, step: whole(search.step) ?? 0 };
  const [api, t, tg, format] = await Promise.all([getServerApi(), getTranslations("history"), getTranslations("game"), getFormatter()]);
  const match = await api.history.match({ matchId: id }).catch((e) => {
    if (e instanceof TRPCError && (e.code === "NOT_FOUND" || e.code === "FORBIDDEN")) return e.code;
    throw e;
  });
  if (match === "NOT_FOUND") notFound();
  // A club match, and the viewer is not one of its members (history.matchRefusal).
  if (match === "FORBIDDEN")
    return (
      <>
        <h1>{t("replay.title")}</h1>
        <p className="notice notice--error" data-testid="replay-members-only">
          {t("replay.membersOnly")}
        </p>
      </>
    );
  const record = parseRecord(match.record);
  if (!record.ok) throw new Error(`match ${id}: stored record is invalid`);
  const names = new Map(match.players.flatMap((p) => (p?.kind === "human" ? [[p.userId, p.name] as const] : [])));
  return (
    <>
      <h1>
        {t("replay.title")}: {tg(`variants.${match.variant}`)}
      </h1>
      <p className="muted">
        {format.dateTime(match.finishedAt, { dateStyle: "medium", timeStyle: "short" })}
        {match.ranked ? ` · ${t("ranked")}` : ""}
      </p>
      {match.ratingChanges.length > 0 && (
        <ul data-testid="game-rating-changes">
          {match.ratingChanges.map((c) => (
            <li key={c.userId}>
              {names.get(c.userId) ?? c.userId}: {t("place")} {c.place} · {t("replay.ratingChange", { before: c.before, after: c.after })}
              {c.leftEarly ? ` · ${t("leftEarly")}` : ""}
            </li>
          ))}
        </ul>
      )}
      <ReplayViewer
        record={record.value}
        fileName={`whist-${match.variant}-${id}.json`}
        matchId={id}
        initial={initial}
        botSeats={record.value.seats.map((s, i) => match.players[i]?.kind === "bot" && match.players[i]?.name === s.name)}
      />
    </>
  );
}
