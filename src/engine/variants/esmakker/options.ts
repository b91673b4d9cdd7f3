/**
 * Es-makker house-rule options (RULES.md §1), each declared once: its zod
 * type with the default and its localized form fields; the schema and the
 * form fields both come from defineOptions.
 */
import { z } from "zod";
import { type OptionsOf, booleanOption, customOption, customOptionIssue, defineOptions, enumOption } from "../../options";
import type { Localized } from "../../types";

export const DEFAULT_TARIFF: readonly number[] = [10, 20, 40, 80, 160, 320, 640];
/** Sol, ren sol, bordlægger, ren bordlægger, from each of the three others. */
export const DEFAULT_SOL_VALUES: readonly number[] = [50, 100, 150, 200];

const nonDecreasing = (xs: readonly number[]): boolean => xs.every((x, i) => i === 0 || x >= xs[i - 1]!);

const L = (da: string, nb: string, en: string): Localized => ({ da, nb, en });

const amount = z.number().int().positive().max(1_000_000);

const specs = {
  staerke: booleanOption(false, {
    label: L("Stærke", "Sterke", "Stærke (spades)"),
    description: L(
      "Påhænget stærke med spar som trumf, lige under gode på hvert trin.",
      "Tillegget sterke med spar som trumf, rett under gode på hvert trinn.",
      "The stærke add-on with spades as trump, just below gode at each level.",
    ),
  }),
  addOnOrder: enumOption(
    "seed000",
    [
      { value: "seed000", label: L("vip < gode < sans < halve", "vipp < gode < sans < halve", "vip < gode < sans < halve") },
      { value: "seed004", label: L("vip < sans < gode < halve", "vipp < sans < gode < halve", "vip < sans < gode < halve") },
    ],
    {
      label: L("Påhængenes rækkefølge", "Rekkefølgen på tilleggene", "Order of the add-ons"),
      description: L(
        "Hvilke påhæng der slår hvilke på samme antal stik.",
        "Hvilke tillegg som slår hvilke på samme antall stikk.",
        "Which add-ons beat which at the same number of tricks.",
      ),
    },
  ),
  baghaand: booleanOption(false, {
    label: L("Baghånd", "Bakhånd", "Hold (baghånd)"),
    description: L(
      "Den der meldte først, må tage en lige så høj melding i baghånden i stedet for at melde over.",
      "Den som meldte først, kan holde en like høy melding i stedet for å melde over.",
      "The earlier bidder may hold an equal bid instead of overbidding it.",
    ),
  }),
  jernhaand: booleanOption(false, {
    label: L("Jernhånd", "Jernhånd", "Iron hand (redeal)"),
    description: L(
      "En spiller uden esser, billedkort og jokere kan kræve nye kort, før han melder første gang.",
      "En spiller uten ess, bildekort og jokere kan kreve ny giv før første melding.",
      "A player dealt no ace, picture card or joker may demand a redeal before their first bid.",
    ),
  }),
  gaaMed: booleanOption(false, {
    label: L("Gå med", "Gå med", "Join a sol"),
    description: L(
      "Spillere, der ikke har passet, kan gå med i en sol eller ren sol og spille den alene for sig selv.",
      "Spillere som ikke har passet, kan gå med i en sol eller ren sol og spille den alene.",
      "Players who have not passed may join a sol or ren sol, each playing it alone.",
    ),
  }),
  fordaektKort: booleanOption(false, {
    label: L("Fordækt kort", "Skjult kort", "Hidden card (fordækt)"),
    description: L(
      "En melder renonce i makker-essets kulør må lægge et kort fordækt, der gælder som den kulør.",
      "En melder uten kort i makkeress-fargen kan legge et kort skjult som teller som den fargen.",
      "A declarer void in the called ace's suit may set one card face down that counts as that suit.",
    ),
  }),
  jokerTrumpable: booleanOption(false, {
    label: L("Joker kan trumfes", "Joker kan trumfes", "Jokers can be trumped"),
    description: L(
      "En udspillet joker kan stikkes med trumf.",
      "En utspilt joker kan stikkes med trumf.",
      "A led joker is beaten by any trump played to the trick.",
    ),
  }),
  vipJokerPrevious: booleanOption(false, {
    label: L("Vip-joker gælder forrige kort", "Vipp-joker gjelder forrige kort", "Vip joker repeats the previous card"),
    description: L(
      "En vendt joker i vip betyder det forrige vendte korts kulør (vendt først: uden trumf).",
      "En snudd joker i vipp betyr fargen til forrige snudde kort (snudd først: uten trumf).",
      "A turned joker in vip means the previously turned card's suit (turned first: no trump).",
    ),
  }),
  exchangeUpTo3: booleanOption(false, {
    label: L("Byt 0 til 3 kort med katten", "Bytt 0 til 3 kort med katten", "Exchange 0 to 3 cards with the kat"),
    description: L(
      "Den der bytter, lægger 0, 1, 2 eller 3 kort væk og tager lige så mange af kattens kort usete, i deres rækkefølge; resten af katten forbliver uset. I vip byttes stadig 3 kort.",
      "Den som bytter, legger bort 0, 1, 2 eller 3 kort og tar like mange av kattens kort usett, i rekkefølge; resten av katten forblir usett. I vipp byttes fortsatt 3 kort.",
      "The exchanging player lays away 0, 1, 2 or 3 cards and takes as many of the kat's cards unseen, in their order; the rest of the kat stays unseen. In vip the exchange stays 3 cards.",
    ),
  }),
  tariff: customOption(
    DEFAULT_TARIFF as number[],
    z.array(amount).length(7),
    {
      kind: "numberList", min: 1,
      label: L("Takst", "Takst", "Tariff"),
      description: L(
        "Grundtaksten for 7 til 13 stik.",
        "Grunntaksten for 7 til 13 stikk.",
        "The base tariff for 7 to 13 tricks.",
      ),
    },
  ),
  solValues: customOption(
    DEFAULT_SOL_VALUES as number[],
    z.array(amount).length(4),
    {
      kind: "numberList", min: 1,
      label: L("Solpriser", "Solpriser", "Sol values"),
      description: L(
        "Sol, ren sol, bordlægger og ren bordlægger, fra hver af de tre andre.",
        "Sol, ren sol, bordlegger og ren bordlegger, fra hver av de tre andre.",
        "Sol, ren sol, bordlægger and ren bordlægger, from each of the three others.",
      ),
    },
  ),
  deals: customOption(
    12,
    z.number().int().min(4).max(400).multipleOf(4),
    {
      kind: "integer", min: 4, max: 400, step: 4,
      label: L("Antal spil", "Antall giv", "Number of deals"),
      description: L(
        "Kampens længde; et multiplum af 4, så alle giver lige mange gange.",
        "Kampens lengde; et multiplum av 4 så alle gir like mange ganger.",
        "Match length; a multiple of 4 so everyone deals equally often.",
      ),
    },
  ),
};

const defined = defineOptions(specs, {
  refine: (o, ctx) => {
    if (!nonDecreasing(o.tariff))
      ctx.addIssue(customOptionIssue("tariff", "notDecreasing"));
    if (!nonDecreasing(o.solValues))
      ctx.addIssue(customOptionIssue("solValues", "notDecreasing"));
  },
});

export type EsmakkerOptions = OptionsOf<typeof specs>;
export const esmakkerOptionsSchema = defined.schema;
export const esmakkerOptionFields = defined.fields;
