/** Classic whist's rule options (RULES.md §2): defaults, limits and localized form texts. */
import { booleanOption, defineOptions, integerOption, type OptionsOf } from "../../options";

const specs = {
  target: integerOption(5, 1, 100, {
    label: { da: "Mål", nb: "Mål", en: "Target" },
    description: {
      da: "Det parti, der først når dette antal point, vinder spillet (5, 7 og 10 er almindelige).",
      nb: "Paret som først når dette antallet poeng, vinner spillet (5, 7 og 10 er vanlige).",
      en: "The first side to reach this many points wins the game (5, 7 and 10 are common).",
    },
  }),
  honours: booleanOption(false, {
    label: { da: "Honnører", nb: "Honnører", en: "Honours" },
    description: {
      da: "Et parti, der tilsammen fik es, konge, dame og knægt i trumf, får 4 point; tre af dem giver 2 point. Tælles ud fra kortene som givet.",
      nb: "Et par som til sammen fikk ess, konge, dame og knekt i trumf, får 4 poeng; tre av dem gir 2 poeng. Telles fra kortene slik de ble gitt.",
      en: "A side dealt the ace, king, queen and jack of trumps between the partners scores 4; any three of them score 2. Counted from the cards as dealt.",
    },
  }),
  slamBonus: booleanOption(false, {
    label: { da: "Slambonus", nb: "Slembonus", en: "Slam bonus" },
    description: {
      da: "Et parti, der tager alle 13 stik, får ekstra point (se slampoint).",
      nb: "Et par som tar alle 13 stikk, får ekstra poeng (se slempoeng).",
      en: "A side taking all 13 tricks scores extra points (see slam points).",
    },
  }),
  slamPoints: integerOption(2, 1, 20, {
    label: { da: "Slampoint", nb: "Slempoeng", en: "Slam points" },
    description: {
      da: "Ekstra point for alle 13 stik, når slambonus er slået til.",
      nb: "Ekstra poeng for alle 13 stikk når slembonus er slått på.",
      en: "Extra points for all 13 tricks when the slam bonus is on.",
    },
  }),
  rubber: booleanOption(false, {
    label: { da: "Robber", nb: "Robber", en: "Rubber" },
    description: {
      da: "Bedst af tre spil: hvert spil går til målet, og kampen slutter, når et parti har vundet to spil.",
      nb: "Best av tre spill: hvert spill går til målet, og kampen slutter når et par har vunnet to spill.",
      en: "Best of three games: each game is played to the target, and the match ends when a side has won two.",
    },
  }),
  rubberBonus: integerOption(2, 0, 20, {
    label: { da: "Robberbonus", nb: "Robberbonus", en: "Rubber bonus" },
    description: {
      da: "Point, der lægges til vinderpartiets samlede score, når det vinder robberen.",
      nb: "Poeng som legges til vinnerparets totalsum når det vinner robberen.",
      en: "Points added to the winning side's total when it wins the rubber.",
    },
  }),
  noTrump: booleanOption(false, {
    label: { da: "Uden trumf", nb: "Uten trumf", en: "No trump" },
    description: {
      da: "Intet kort vendes, og der spilles uden trumf.",
      nb: "Ingen kort snus, og det spilles uten trumf.",
      en: "No card is turned and every hand is played without trumps.",
    },
  }),
};

const defined = defineOptions(specs);
export type ClassicOptions = OptionsOf<typeof specs>;
export const classicOptionsSchema = defined.schema;
export const classicOptionFields = defined.fields;
