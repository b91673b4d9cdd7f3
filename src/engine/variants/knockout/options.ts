/** Knock-out whist's rule options (RULES.md §7): defaults and localized form texts. */
import { booleanOption, defineOptions, type OptionsOf } from "../../options";

const specs = {
  dogsLife: booleanOption(false, {
    label: { da: "Hundeliv", nb: "Hundeliv", en: "Dog's life" },
    description: {
      da: "Første gang en spiller ikke tager noget stik, får spilleren ét kort i næste runde og vælger selv, hvilket stik det spilles i. Et stik bringer spilleren tilbage; intet stik slår spilleren ud.",
      nb: "Første gang en spiller ikke tar noe stikk, får spilleren ett kort i neste runde og velger selv hvilket stikk det spilles i. Et stikk bringer spilleren tilbake; ingen stikk slår spilleren ut.",
      en: "The first time a player takes no trick they get one card in the next round, played in the trick of their choice. A trick brings them back in; no trick knocks them out.",
    },
  }),
  noTrumpChoice: booleanOption(false, {
    label: { da: "Sans kan vælges", nb: "Grand kan velges", en: "No trump may be chosen" },
    description: {
      da: "Den, der vælger trumf fra anden runde, må også vælge at spille uden trumf.",
      nb: "Den som velger trumf fra andre runde, kan også velge å spille uten trumf.",
      en: "From the second round, the player choosing trump may also choose to play without trump.",
    },
  }),
};

const defined = defineOptions(specs);
export type KnockoutOptions = OptionsOf<typeof specs>;
export const knockoutOptionsSchema = defined.schema;
export const knockoutOptionFields = defined.fields;
