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
import { VARIANT_IDS, VARIANT_META, type VariantId } from "@/engine/meta";
import type { MessageRef } from "@/engine/types";
import type { Locale } from "@/i18n/config";
import { bidLabel, messageText, type Translator } from "@/components/table/format";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("rules");
  return { title: t("title") };
}

/**
 * Glossary entries: a term from the `game` namespace, a contract named by a
 * variant's bid id through the table's own mapping (bidLabel), or an engine
 * message the table names things with (an add-on as in "8 vip"), so the rules
 * page and the table always use the same names.
 */
const GLOSSARY: readonly { entry: string; term?: string; bid?: readonly [VariantId, string]; engine?: MessageRef }[] = [
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
  { entry: "vip", engine: { key: "addOns.vip" } },
  { entry: "gode", engine: { key: "addOns.gode" } },
  { entry: "staerke", engine: { key: "addOns.staerke" } },
  { entry: "sans", engine: { key: "addOns.sans" } },
  { entry: "halve", engine: { key: "addOns.halve" } },
  { entry: "sol", bid: ["esmakker", "sol"] },
  { entry: "renSol", bid: ["esmakker", "rensol"] },
  { entry: "bordlaegger", bid: ["esmakker", "bordlaegger"] },
  { entry: "renBordlaegger", bid: ["esmakker", "renbordlaegger"] },
  { entry: "grand", bid: ["danish", "grand"] },
  { entry: "nolo", bid: ["danish", "nolo"] },
  { entry: "grandi", bid: ["danish", "grandi"] },
  { entry: "pasnolo", engine: { key: "bids.pasnolo" } },
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
          {GLOSSARY.map(({ entry, term, bid, engine }) => (
            <div key={entry} style={{ display: "contents" }}>
              <dt>{bid ? bidLabel(te, bid[0], bid[1]) : engine ? messageText(te, engine) : tGame(term!)}</dt>
              <dd>{t(`glossary.${entry}`)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
