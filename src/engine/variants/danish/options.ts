/**
 * Danish whist's rule options (RULES.md §4 defaults), each declared once: its
 * zod type with the default and its localized form fields; the schema and the
 * form fields both come from defineOptions.
 */
import { z } from "zod";
import { type OptionsOf, customOption, defineOptions } from "../../options";

export const DEFAULT_VALUES = [1, 2, 3, 4] as const;
export const DEFAULT_DEALS = 12;
const MAX_VALUE = 1000;
const MAX_DEALS = 200;

const pointValue = z
  .number()
  .int()
  .min(1)
  .max(MAX_VALUE);

const specs = {
  /** Points per player for nolo, grand, sol and grandi, in that (ladder) order. */
  values: customOption(
    [...DEFAULT_VALUES] as number[],
    z
      .array(pointValue)
      .length(4),
    {
      kind: "numberList",
      min: 1,
      max: MAX_VALUE,
      step: 1,
      label: { da: "Pointværdier", nb: "Poengverdier", en: "Point values" },
      description: {
        da: "Point pr. spiller for nolo, grand, sol og grandi (i den rækkefølge). Vundet: melderens side får beløbet, hver modspiller betaler; tabt: omvendt.",
        nb: "Poeng per spiller for nolo, grand, sol og grandi (i den rekkefølgen). Vunnet: meldersiden får beløpet, hver motspiller betaler; tapt: omvendt.",
        en: "Points per player for nolo, grand, sol and grandi (in that order). Made: the declaring side receives the amount and each opponent pays; lost: the reverse.",
      },
    },
  ),
  /** Fixed match length in deals; a multiple of 4 so every seat deals equally often. */
  deals: customOption(
    DEFAULT_DEALS,
    z
      .number()
      .int()
      .min(4)
      .max(MAX_DEALS)
      .multipleOf(4),
    {
      kind: "integer",
      min: 4,
      max: MAX_DEALS,
      step: 4,
      label: { da: "Antal spil", nb: "Antall spill", en: "Number of deals" },
      description: {
        da: "Kampen slutter efter dette antal spil (et multiplum af 4, så alle giver lige mange gange).",
        nb: "Kampen slutter etter dette antallet spill (et multiplum av 4, så alle gir like mange ganger).",
        en: "The match ends after this many deals (a multiple of 4, so everyone deals equally often).",
      },
    },
  ),
};

// Refusals carry message keys (optionIssues in options.ts), so no English messages here.
const defined = defineOptions(specs);

export type DanishOptions = OptionsOf<typeof specs>;
export const danishOptionsSchema = defined.schema;
export const danishOptionFields = defined.fields;
