/**
 * The rating system, pure: Weng-Lin Bayesian ratings (the `openskill`
 * library's Plackett-Luce model) over the final standings of a match, as the
 * variant declares its teams (engine/meta.ts): variants whose pairs play
 * together in every hand (classic, Norwegian whist) rate the two fixed pairs
 * as teams; every other variant ranks each player on their own by their
 * final total (es-makker and Danish whist, whose partnerships change from
 * hand to hand; variants scored by place, with any number of seats, whose
 * points only rank the players). Higher is better and equal totals share
 * the place. A player who left early is rated as if their side finished
 * last, while everyone else is rated on the real standings.
 */
import { ordinal, rate, rating } from "openskill";
import { fixedPairs } from "@/engine/meta";

export interface Skill {
  readonly mu: number;
  readonly sigma: number;
}

export interface RatedSeat {
  readonly skill: Skill;
  readonly score: number;
  readonly leftEarly: boolean;
}

export interface SeatOutcome {
  readonly skill: Skill;
  readonly ordinal: number;
  /** 1 = best; ties share a place. Leavers are placed last. */
  readonly place: number;
}

/** Variants rated as two fixed pairs (seats 0+2 against 1+3): those whose pairs play together in every hand. */
export const isPartnershipVariant = (variant: string) => fixedPairs(variant);

/** A new player's rating (mu 25, sigma 25/3). */
export const initialSkill = (): Skill => {
  const r = rating();
  return { mu: r.mu, sigma: r.sigma };
};

/** The conservative estimate mu − 3·sigma, what leaderboards sort by. */
export const conservative = (s: Skill): number => ordinal(s);

/** Shown ratings are scaled so that a new player's mu reads 1000. */
export const DISPLAY_SCALE = 40;
export const displayRating = (x: number) => Math.round(x * DISPLAY_SCALE);

/** A rating is provisional while its uncertainty is this large or larger (new players start at 8.33). */
export const PROVISIONAL_SIGMA = 5;
export const isProvisional = (s: Skill) => s.sigma >= PROVISIONAL_SIGMA;

/** Seats grouped as the rating teams of the variant at a table of `seatCount`: the fixed pairs of four, else each seat alone. */
export const teamsOf = (variant: string, seatCount = 4): number[][] =>
  isPartnershipVariant(variant) && seatCount === 4 ? [[0, 2], [1, 3]] : Array.from({ length: seatCount }, (_, s) => [s]);

/** Competition ranks (1, 2, 2, 4) from scores, higher score better. */
export function ranksOf(scores: readonly number[]): number[] {
  return scores.map((s) => 1 + scores.filter((o) => o > s).length);
}

/** New ratings for every seat of a finished match. */
export function rateMatch(variant: string, seats: readonly RatedSeat[]): SeatOutcome[] {
  if (seats.length < 2) throw new Error("a rated match has at least two seats");
  const teams = teamsOf(variant, seats.length);
  const teamScore = teams.map((t) => seats[t[0]!]!.score);
  const realRanks = ranksOf(teamScore);
  const teamRatings = teams.map((t) => t.map((s) => ({ ...seats[s]!.skill })));
  const real = rate(teamRatings, { rank: realRanks });
  const leaverTeam = teams.map((t) => t.some((s) => seats[s]!.leftEarly));
  // The leavers' sides are placed behind everyone (tied among themselves).
  const forcedRanks = realRanks.map((r, i) => (leaverTeam[i] ? teams.length + 1 : r));
  const forced = leaverTeam.some(Boolean) ? rate(teamRatings, { rank: forcedRanks }) : real;
  const out: SeatOutcome[] = [];
  teams.forEach((team, ti) =>
    team.forEach((seat, k) => {
      const left = seats[seat]!.leftEarly;
      const r = (left ? forced : real)[ti]![k]!;
      const skill = { mu: r.mu, sigma: r.sigma };
      const place = left ? teams.length : realRanks[ti]!;
      out[seat] = { skill, ordinal: conservative(skill), place };
    }),
  );
  return out;
}
