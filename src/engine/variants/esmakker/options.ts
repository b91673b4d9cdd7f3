/**
 * Es-makker house-rule options: the zod schema (partial input → full options
 * with the defaults of RULES.md §1) and the localized form metadata.
 */
import { z } from "zod";
import type { Localized, OptionField } from "../../types";
import { customOptionIssue } from "../../options";

export const DEFAULT_TARIFF: readonly number[] = [10, 20, 40, 80, 160, 320, 640];
/** Sol, ren sol, bordlægger, ren bordlægger, from each of the three others. */
export const DEFAULT_SOL_VALUES: readonly number[] = [50, 100, 150, 200];

const nonDecreasing = (xs: readonly number[]): boolean => xs.every((x, i) => i === 0 || x >= xs[i - 1]!);

export const esmakkerOptionsSchema = z
  .object({
    staerke: z.boolean().default(false),
    addOnOrder: z.enum(["seed000", "seed004"]).default("seed000"),
    baghaand: z.boolean().default(false),
    jernhaand: z.boolean().default(false),
    gaaMed: z.boolean().default(false),
    fordaektKort: z.boolean().default(false),
    jokerTrumpable: z.boolean().default(false),
    vipJokerPrevious: z.boolean().default(false),
    exchangeUpTo3: z.boolean().default(false),
    tariff: z
      .array(z.number().int().positive().max(1_000_000))
      .length(7)
      .default(() => [...DEFAULT_TARIFF]),
    solValues: z
      .array(z.number().int().positive().max(1_000_000))
      .length(4)
      .default(() => [...DEFAULT_SOL_VALUES]),
    deals: z.number().int().min(4).max(400).multipleOf(4).default(12),
  })
  .strict()
  .superRefine((o, ctx) => {
    if (!nonDecreasing(o.tariff))
      ctx.addIssue(customOptionIssue("tariff", "notDecreasing"));
    if (!nonDecreasing(o.solValues))
      ctx.addIssue(customOptionIssue("solValues", "notDecreasing"));
  });

export type EsmakkerOptions = z.output<typeof esmakkerOptionsSchema>;

const L = (da: string, nb: string, en: string): Localized => ({ da, nb, en });

export const esmakkerOptionFields: readonly OptionField[] = [
  {
    key: "staerke",
    kind: "boolean",
    default: false,
    label: L("Stærke", "Sterke", "Stærke (spades)"),
    description: L(
      "Påhænget stærke med spar som trumf, lige under gode på hvert trin.",
      "Tillegget sterke med spar som trumf, rett under gode på hvert trinn.",
      "The stærke add-on with spades as trump, just below gode at each level.",
    ),
  },
  {
    key: "addOnOrder",
    kind: "enum",
    default: "seed000",
    values: [
      { value: "seed000", label: L("vip < gode < sans < halve", "vipp < gode < sans < halve", "vip < gode < sans < halve") },
      { value: "seed004", label: L("vip < sans < gode < halve", "vipp < sans < gode < halve", "vip < sans < gode < halve") },
    ],
    label: L("Påhængenes rækkefølge", "Rekkefølgen på tilleggene", "Order of the add-ons"),
    description: L(
      "Hvilke påhæng der slår hvilke på samme antal stik.",
      "Hvilke tillegg som slår hvilke på samme antall stikk.",
      "Which add-ons beat which at the same number of tricks.",
    ),
  },
  {
    key: "baghaand",
    kind: "boolean",
    default: false,
    label: L("Baghånd", "Bakhånd", "Hold (baghånd)"),
    description: L(
      "Den der meldte først, må tage en lige så høj melding i baghånden i stedet for at melde over.",
      "Den som meldte først, kan holde en like høy melding i stedet for å melde over.",
      "The earlier bidder may hold an equal bid instead of overbidding it.",
    ),
  },
  {
    key: "jernhaand",
    kind: "boolean",
    default: false,
    label: L("Jernhånd", "Jernhånd", "Iron hand (redeal)"),
    description: L(
      "En spiller uden esser, billedkort og jokere kan kræve nye kort, før han melder første gang.",
      "En spiller uten ess, bildekort og jokere kan kreve ny giv før første melding.",
      "A player dealt no ace, picture card or joker may demand a redeal before their first bid.",
    ),
  },
  {
    key: "gaaMed",
    kind: "boolean",
    default: false,
    label: L("Gå med", "Gå med", "Join a sol"),
    description: L(
      "Spillere, der ikke har passet, kan gå med i en sol eller ren sol og spille den alene for sig selv.",
      "Spillere som ikke har passet, kan gå med i en sol eller ren sol og spille den alene.",
      "Players who have not passed may join a sol or ren sol, each playing it alone.",
    ),
  },
  {
    key: "fordaektKort",
    kind: "boolean",
    default: false,
    label: L("Fordækt kort", "Skjult kort", "Hidden card (fordækt)"),
    description: L(
      "En melder renonce i makker-essets kulør må lægge et kort fordækt, der gælder som den kulør.",
      "En melder uten kort i makkeress-fargen kan legge et kort skjult som teller som den fargen.",
      "A declarer void in the called ace's suit may set one card face down that counts as that suit.",
    ),
  },
  {
    key: "jokerTrumpable",
    kind: "boolean",
    default: false,
    label: L("Joker kan trumfes", "Joker kan trumfes", "Jokers can be trumped"),
    description: L(
      "En udspillet joker kan stikkes med trumf.",
      "En utspilt joker kan stikkes med trumf.",
      "A led joker is beaten by any trump played to the trick.",
    ),
  },
  {
    key: "vipJokerPrevious",
    kind: "boolean",
    default: false,
    label: L("Vip-joker gælder forrige kort", "Vipp-joker gjelder forrige kort", "Vip joker repeats the previous card"),
    description: L(
      "En vendt joker i vip betyder det forrige vendte korts kulør (vendt først: uden trumf).",
      "En snudd joker i vipp betyr fargen til forrige snudde kort (snudd først: uten trumf).",
      "A turned joker in vip means the previously turned card's suit (turned first: no trump).",
    ),
  },
  {
    key: "exchangeUpTo3",
    kind: "boolean",
    default: false,
    label: L("Byt 0 til 3 kort med katten", "Bytt 0 til 3 kort med katten", "Exchange 0 to 3 cards with the kat"),
    description: L(
      "Den der bytter, lægger 0, 1, 2 eller 3 kort væk og tager lige så mange af kattens kort usete, i deres rækkefølge; resten af katten forbliver uset. I vip byttes stadig 3 kort.",
      "Den som bytter, legger bort 0, 1, 2 eller 3 kort og tar like mange av kattens kort usett, i rekkefølge; resten av katten forblir usett. I vipp byttes fortsatt 3 kort.",
      "The exchanging player lays away 0, 1, 2 or 3 cards and takes as many of the kat's cards unseen, in their order; the rest of the kat stays unseen. In vip the exchange stays 3 cards.",
    ),
  },
  {
    key: "tariff",
    kind: "numberList",
    default: DEFAULT_TARIFF,
    min: 1,
    label: L("Takst", "Takst", "Tariff"),
    description: L(
      "Grundtaksten for 7 til 13 stik.",
      "Grunntaksten for 7 til 13 stikk.",
      "The base tariff for 7 to 13 tricks.",
    ),
  },
  {
    key: "solValues",
    kind: "numberList",
    default: DEFAULT_SOL_VALUES,
    min: 1,
    label: L("Solpriser", "Solpriser", "Sol values"),
    description: L(
      "Sol, ren sol, bordlægger og ren bordlægger, fra hver af de tre andre.",
      "Sol, ren sol, bordlegger og ren bordlegger, fra hver av de tre andre.",
      "Sol, ren sol, bordlægger and ren bordlægger, from each of the three others.",
    ),
  },
  {
    key: "deals",
    kind: "integer",
    default: 12,
    min: 4,
    max: 400,
    step: 4,
    label: L("Antal spil", "Antall giv", "Number of deals"),
    description: L(
      "Kampens længde; et multiplum af 4, så alle giver lige mange gange.",
      "Kampens lengde; et multiplum av 4 så alle gir like mange ganger.",
      "Match length; a multiple of 4 so everyone deals equally often.",
    ),
  },
];
