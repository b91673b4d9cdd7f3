/**
 * Texts for the keys Danish whist puts in score explanations, end reasons and
 * events, in the three interface languages ({name} marks a parameter). Seat
 * parameters (declarer, partner, seat) are seat numbers for the interface to
 * replace with player names.
 */
import type { Localized } from "../../types";

export const DANISH_MESSAGES: Readonly<Record<string, Localized>> = {
  "danish.contract": { da: "{declarer} melder {bid}", nb: "{declarer} melder {bid}", en: "{declarer} bids {bid}" },
  "danish.pasnolo": {
    da: "Alle passede: der spilles pasnolo",
    nb: "Alle passet: det spilles pasnolo",
    en: "Everyone passed: pasnolo is played",
  },
  "danish.end.allTricks": { da: "Alle stik er spillet", nb: "Alle stikk er spilt", en: "All tricks were played" },
  "danish.end.solLost": {
    da: "Sol er tabt: melderen tog sit andet stik",
    nb: "Sol er tapt: melderen tok sitt andre stikk",
    en: "Sol is lost: the declarer took a second trick",
  },
  "danish.end.grandiLost": {
    da: "Grandi er tabt: melderen tabte et af de første syv stik",
    nb: "Grandi er tapt: melderen tapte ett av de første sju stikkene",
    en: "Grandi is lost: the declarer lost one of the first seven tricks",
  },
  "danish.end.grandiMade": {
    da: "Grandi er vundet: melderen tog de første syv stik",
    nb: "Grandi er vunnet: melderen tok de første sju stikkene",
    en: "Grandi is made: the declarer won the first seven tricks",
  },
  "danish.score.contract.nolo": { da: "{declarer} spillede nolo med makker", nb: "{declarer} spilte nolo med makker", en: "{declarer} played nolo with partner" },
  "danish.score.contract.grand": { da: "{declarer} spillede grand med makker", nb: "{declarer} spilte grand med makker", en: "{declarer} played grand with partner" },
  "danish.score.contract.sol": { da: "{declarer} spillede sol alene", nb: "{declarer} spilte sol alene", en: "{declarer} played sol alone" },
  "danish.score.contract.grandi": { da: "{declarer} spillede grandi alene", nb: "{declarer} spilte grandi alene", en: "{declarer} played grandi alone" },
  "danish.score.tricksMin": {
    da: "Melderens side tog {tricks} stik (mindst {min} krævet)",
    nb: "Meldersiden tok {tricks} stikk (minst {min} kreves)",
    en: "The declaring side took {tricks} tricks (at least {min} needed)",
  },
  "danish.score.tricksMax": {
    da: "Melderens side tog {tricks} stik (højst {max} tilladt)",
    nb: "Meldersiden tok {tricks} stikk (høyst {max} tillatt)",
    en: "The declaring side took {tricks} tricks (at most {max} allowed)",
  },
  "danish.score.solLost": {
    da: "Melderen tog sit andet stik i stik {trick}",
    nb: "Melderen tok sitt andre stikk i stikk {trick}",
    en: "The declarer took a second trick at trick {trick}",
  },
  "danish.score.grandiMade": {
    da: "Melderen tog de første {trick} stik",
    nb: "Melderen tok de første {trick} stikkene",
    en: "The declarer won the first {trick} tricks",
  },
  "danish.score.grandiLost": {
    da: "Melderen tabte stik {trick}",
    nb: "Melderen tapte stikk {trick}",
    en: "The declarer lost trick {trick}",
  },
  "danish.score.alone.made": {
    da: "Vundet: hver af de tre andre betaler {value} til {declarer}, som får {total}",
    nb: "Vunnet: hver av de tre andre betaler {value} til {declarer}, som får {total}",
    en: "Made: each of the other three pays {value} to {declarer}, who receives {total}",
  },
  "danish.score.alone.lost": {
    da: "Tabt: {declarer} betaler {value} til hver af de tre andre, {total} i alt",
    nb: "Tapt: {declarer} betaler {value} til hver av de tre andre, {total} i alt",
    en: "Lost: {declarer} pays {value} to each of the other three, {total} in all",
  },
  "danish.score.side.made": {
    da: "Vundet: {declarer} og {partner} får hver {value}, hver modspiller betaler {value}",
    nb: "Vunnet: {declarer} og {partner} får hver {value}, hver motspiller betaler {value}",
    en: "Made: {declarer} and {partner} each receive {value}; each opponent pays {value}",
  },
  "danish.score.side.lost": {
    da: "Tabt: {declarer} og {partner} betaler hver {value}, hver modspiller får {value}",
    nb: "Tapt: {declarer} og {partner} betaler hver {value}, hver motspiller får {value}",
    en: "Lost: {declarer} and {partner} each pay {value}; each opponent receives {value}",
  },
  "danish.score.pasnolo": {
    da: "Pasnolo: færrest stik var {fewest} ({winners} vinder(e)); hver af de andre betaler 1 til hver vinder",
    nb: "Pasnolo: færrest stikk var {fewest} ({winners} vinner(e)); hver av de andre betaler 1 til hver vinner",
    en: "Pasnolo: the fewest tricks were {fewest} ({winners} winner(s)); every other player pays 1 to each winner",
  },
  "danish.score.pasnolo.winner": {
    da: "{seat}: {tricks} stik, vinder, {points}",
    nb: "{seat}: {tricks} stikk, vinner, {points}",
    en: "{seat}: {tricks} tricks, winner, {points}",
  },
  "danish.score.pasnolo.loser": {
    da: "{seat}: {tricks} stik, betaler, {points}",
    nb: "{seat}: {tricks} stikk, betaler, {points}",
    en: "{seat}: {tricks} tricks, pays, {points}",
  },
};
