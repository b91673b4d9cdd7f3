/**
 * All interface texts, one JSON file per namespace and locale
 * (messages/<locale>/<namespace>.json). A feature adds its namespace by
 * importing its three files here and listing them in MESSAGES.
 */
import type { Locale } from "../config";

import daCommon from "./da/common.json";
import nbCommon from "./nb/common.json";
import enCommon from "./en/common.json";
import daHome from "./da/home.json";
import nbHome from "./nb/home.json";
import enHome from "./en/home.json";
import daAuth from "./da/auth.json";
import nbAuth from "./nb/auth.json";
import enAuth from "./en/auth.json";
import daProfile from "./da/profile.json";
import nbProfile from "./nb/profile.json";
import enProfile from "./en/profile.json";
import daErrors from "./da/errors.json";
import nbErrors from "./nb/errors.json";
import enErrors from "./en/errors.json";
import daGame from "./da/game.json";
import nbGame from "./nb/game.json";
import enGame from "./en/game.json";
import daRules from "./da/rules.json";
import nbRules from "./nb/rules.json";
import enRules from "./en/rules.json";
import daTable from "./da/table.json";
import nbTable from "./nb/table.json";
import enTable from "./en/table.json";
import daEngine from "./da/engine.json";
import nbEngine from "./nb/engine.json";
import enEngine from "./en/engine.json";
import daClubs from "./da/clubs.json";
import nbClubs from "./nb/clubs.json";
import enClubs from "./en/clubs.json";
import daRanked from "./da/ranked.json";
import nbRanked from "./nb/ranked.json";
import enRanked from "./en/ranked.json";
import daHistory from "./da/history.json";
import nbHistory from "./nb/history.json";
import enHistory from "./en/history.json";
import daCli from "./da/cli.json";
import nbCli from "./nb/cli.json";
import enCli from "./en/cli.json";
import daEvents from "./da/events.json";
import nbEvents from "./nb/events.json";
import enEvents from "./en/events.json";

/** English is the reference shape; the parity test checks da and nb against it. */
const en = {
  common: enCommon,
  home: enHome,
  auth: enAuth,
  profile: enProfile,
  errors: enErrors,
  game: enGame,
  rules: enRules,
  table: enTable,
  engine: enEngine,
  clubs: enClubs,
  ranked: enRanked,
  history: enHistory,
  cli: enCli,
  events: enEvents,
};

export type Messages = typeof en;

export const MESSAGES: Record<Locale, Messages> = {
  da: {
    common: daCommon,
    home: daHome,
    auth: daAuth,
    profile: daProfile,
    errors: daErrors,
    game: daGame,
    rules: daRules,
    table: daTable,
    engine: daEngine,
    clubs: daClubs,
    ranked: daRanked,
    history: daHistory,
    cli: daCli,
    events: daEvents,
  },
  nb: {
    common: nbCommon,
    home: nbHome,
    auth: nbAuth,
    profile: nbProfile,
    errors: nbErrors,
    game: nbGame,
    rules: nbRules,
    table: nbTable,
    engine: nbEngine,
    clubs: nbClubs,
    ranked: nbRanked,
    history: nbHistory,
    cli: nbCli,
    events: nbEvents,
  },
  en,
};

export function messagesFor(locale: Locale): Messages {
  return MESSAGES[locale];
}
