/**
 * The rules page: a short summary of each variant and the glossary of the
 * words used at the table, in the reader's language (terms from the `game`
 * namespace, explanations from `rules`).
 */
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { VARIANT_IDS } from "@/engine/types";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("rules");
  return { title: t("title") };
}

/** Glossary entry → where its term lives in the `game` namespace. */
const GLOSSARY = [
  ["bid", "terms.bid"],
  ["pass", "terms.pass"],
  ["meldeTilbage", "terms.meldeTilbage"],
  ["forehand", "terms.forehand"],
  ["declarer", "terms.declarer"],
  ["trump", "terms.trump"],
  ["trick", "terms.trick"],
  ["kitty", "terms.kitty"],
  ["partnerAce", "terms.partnerAce"],
  ["selvmakker", "terms.selvmakker"],
  ["joker", "terms.joker"],
  ["vip", "contracts.vip"],
  ["gode", "contracts.gode"],
  ["staerke", "contracts.staerke"],
  ["sans", "contracts.sans"],
  ["halve", "contracts.halve"],
  ["sol", "contracts.sol"],
  ["renSol", "contracts.renSol"],
  ["bordlaegger", "contracts.bordlaegger"],
  ["renBordlaegger", "contracts.renBordlaegger"],
  ["grand", "contracts.grand"],
  ["nolo", "contracts.nolo"],
  ["grandi", "contracts.grandi"],
  ["pasnolo", "contracts.pasnolo"],
  ["book", "terms.book"],
] as const;

export default async function RulesPage() {
  const [t, tGame] = await Promise.all([getTranslations("rules"), getTranslations("game")]);
  return (
    <>
      <h1>{t("title")}</h1>
      <p>{t("intro")}</p>

      <section className="section" aria-labelledby="variants-title">
        <h2 id="variants-title">{t("variantsTitle")}</h2>
        <div className="grid grid--wide">
          {VARIANT_IDS.map((id) => (
            <article key={id} className="card card--accent" id={id}>
              <h3>{tGame(`variants.${id}`)}</h3>
              <p className="muted">{t(`${id}.summary`)}</p>
              <ul>
                {(t.raw(`${id}.points`) as string[]).map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </section>

      <section className="card section" aria-labelledby="glossary-title">
        <h2 id="glossary-title">{t("glossaryTitle")}</h2>
        <p className="muted">{t("glossaryIntro")}</p>
        <dl className="glossary" data-testid="glossary">
          {GLOSSARY.map(([entry, term]) => (
            <div key={entry} style={{ display: "contents" }}>
              <dt>{tGame(term)}</dt>
              <dd>{t(`glossary.${entry}`)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
