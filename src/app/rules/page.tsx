/**
 * The rules page: a short summary of each variant (how many play, from the
 * variant's seat range; the house rules a table can choose, from the
 * engine's option fields) and the glossary of the words used at the table,
 * in the reader's language (terms from the `game` namespace, explanations
 * from `rules`).
 */
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { getVariant } from "@/engine";
import { VARIANT_IDS, VARIANT_META } from "@/engine/meta";
import type { Locale } from "@/i18n/config";
import { bidLabel, type Translator } from "@/components/table/format";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("rules");
  return { title: t("title") };
}

/**
 * Glossary entries: a term from the `game` namespace, or a contract named by
 * its engine bid id through the table's own mapping (bidLabel), so the rules
 * page and the table always use the same names.
 */
const GLOSSARY: readonly { entry: string; term?: string; bid?: string }[] = [
  { entry: "bid", term: "terms.bid" },
  { entry: "pass", term: "terms.pass" },
  { entry: "meldeTilbage", term: "terms.meldeTilbage" },
  { entry: "forehand", term: "terms.forehand" },
  { entry: "declarer", term: "terms.declarer" },
  { entry: "trump", term: "terms.trump" },
  { entry: "trick", term: "terms.trick" },
  { entry: "kitty", term: "terms.kitty" },
  { entry: "partnerAce", term: "terms.partnerAce" },
  { entry: "selvmakker", term: "terms.selvmakker" },
  { entry: "joker", term: "terms.joker" },
  { entry: "dogsLife", term: "terms.dogsLife" },
  { entry: "vip", bid: "vip" },
  { entry: "gode", bid: "gode" },
  { entry: "staerke", bid: "staerke" },
  { entry: "sans", bid: "sans" },
  { entry: "halve", bid: "halve" },
  { entry: "sol", bid: "sol" },
  { entry: "renSol", bid: "rensol" },
  { entry: "bordlaegger", bid: "bordlaegger" },
  { entry: "renBordlaegger", bid: "renbordlaegger" },
  { entry: "grand", bid: "grand" },
  { entry: "nolo", bid: "nolo" },
  { entry: "grandi", bid: "grandi" },
  { entry: "pasnolo", bid: "pasnolo" },
  { entry: "book", term: "terms.book" },
];

export default async function RulesPage() {
  const [t, tGame, tEngine, locale] = await Promise.all([getTranslations("rules"), getTranslations("game"), getTranslations("engine"), getLocale() as Promise<Locale>]);
  const te = tEngine as unknown as Translator;
  return (
    <>
      <h1>{t("title")}</h1>
      <p>{t("intro")}</p>

      <section className="section" aria-labelledby="variants-title">
        <h2 id="variants-title">{t("variantsTitle")}</h2>
        <div className="grid grid--wide">
          {VARIANT_IDS.map((id) => {
            const { min, max } = VARIANT_META[id].seats;
            const options = getVariant(id)?.optionFields ?? [];
            return (
              <article key={id} className="card card--accent" id={id} data-testid={`rules-${id}`}>
                <h3>{tGame(`variants.${id}`)}</h3>
                <p className="muted">
                  <span data-testid={`rules-${id}-players`}>{min === max ? t("players", { count: min }) : t("playersRange", { min, max })}</span> · {t(`${id}.summary`)}
                </p>
                <ul>
                  {(t.raw(`${id}.points`) as string[]).map((point) => (
                    <li key={point}>{point}</li>
                  ))}
                </ul>
                {options.length > 0 && (
                  <details data-testid={`rules-${id}-options`}>
                    <summary>{t("houseRules")}</summary>
                    <ul>
                      {options.map((f) => (
                        <li key={f.key} data-testid={`rules-${id}-option-${f.key}`}>
                          <strong>{f.label[locale]}</strong>: {f.description[locale]}
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
              </article>
            );
          })}
        </div>
      </section>

      <section className="card section" aria-labelledby="glossary-title">
        <h2 id="glossary-title">{t("glossaryTitle")}</h2>
        <p className="muted">{t("glossaryIntro")}</p>
        <dl className="glossary" data-testid="glossary">
          {GLOSSARY.map(({ entry, term, bid }) => (
            <div key={entry} style={{ display: "contents" }}>
              <dt>{bid ? bidLabel(te, bid) : tGame(term!)}</dt>
              <dd>{t(`glossary.${entry}`)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
