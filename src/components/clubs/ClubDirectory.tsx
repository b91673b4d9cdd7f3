/**
 * /clubs: the signed-in user's clubs, a search over all clubs, and the form
 * to start a club (the creator becomes its owner).
 */
"use client";
import { useState, type FormEvent } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/react";
import { LOCALES, LOCALE_NAMES, isLocale, type Locale } from "@/i18n/config";
import { FormNotice } from "@/components/forms/FormNotice";
import { useClubErrorText } from "./errors";
import { SubmitButton } from "@/components/forms/SubmitButton";

type ClubCard = { id: string; name: string; description: string; locale: Locale; isOpen: boolean; memberCount: number; role?: string };

function ClubList({ clubs, testId }: { clubs: readonly ClubCard[]; testId: string }) {
  const t = useTranslations("clubs");
  return (
    <ul className="item-list club-list" data-testid={testId}>
      {clubs.map((c) => (
        <li key={c.id} data-testid={`club-item-${c.id}`}>
          <div className="item__main">
            <Link className="item__title" href={`/clubs/${c.id}`}>
              {c.name}
            </Link>
            <div className="item__meta">
              <span>{t("memberCount", { count: c.memberCount })}</span>
              <span className={c.isOpen ? "badge" : "badge badge--muted"}>{c.isOpen ? t("open") : t("inviteOnly")}</span>
              <span lang={c.locale}>{LOCALE_NAMES[c.locale]}</span>
              {c.role && <span className="badge badge--gold">{t(`roles.${c.role}`)}</span>}
            </div>
            {c.description && <p className="item__text">{c.description}</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}

export function ClubDirectory({ locale }: { locale: Locale }) {
  const t = useTranslations("clubs");
  const trpc = useTRPC();
  const router = useRouter();
  const errorText = useClubErrorText();
  const [query, setQuery] = useState("");
  const mine = useQuery(trpc.clubs.mine.queryOptions());
  const found = useQuery(trpc.clubs.list.queryOptions({ query, limit: 20 }));
  const create = useMutation(trpc.clubs.create.mutationOptions());
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [language, setLanguage] = useState<Locale>(locale);
  const [isOpen, setOpen] = useState(true);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ name, description, locale: language, isOpen }, { onSuccess: (club) => router.push(`/clubs/${club.id}`) });
  };

  return (
    <div className="stack">
      <p className="page-head__lead">{t("intro")}</p>
      <div className="grid grid--wide">
        <section className="card card--accent" aria-labelledby="clubs-mine">
          <h2 id="clubs-mine">{t("mine.title")}</h2>
          {mine.data && (mine.data.length === 0 ? <p className="empty" data-testid="my-clubs-none">{t("mine.none")}</p> : <ClubList clubs={mine.data} testId="my-clubs" />)}
        </section>
        <section className="card" aria-labelledby="clubs-search">
          <h2 id="clubs-search">{t("search.label")}</h2>
          <div className="field club-search">
            <input
              type="search"
              aria-label={t("search.label")}
              placeholder={t("search.placeholder")}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              data-testid="club-search"
            />
          </div>
          {found.data && (found.data.length === 0 ? <p className="empty">{t("search.none")}</p> : <ClubList clubs={found.data} testId="club-results" />)}
        </section>
      </div>
      <section className="card" aria-labelledby="clubs-create">
        <h2 id="clubs-create">{t("create.title")}</h2>
        <form className="form narrow-form" onSubmit={submit} data-testid="club-create-form">
          {create.error && (
            <FormNotice tone="error" testId="club-create-error">
              {errorText(create.error)}
            </FormNotice>
          )}
          <div className="field">
            <label htmlFor="club-name">{t("create.name")}</label>
            <input id="club-name" value={name} onChange={(e) => setName(e.target.value)} required minLength={2} maxLength={60} data-testid="club-name" />
          </div>
          <div className="field">
            <label htmlFor="club-description">{t("create.description")}</label>
            <textarea id="club-description" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={1000} data-testid="club-description" />
          </div>
          <div className="field">
            <label htmlFor="club-language">{t("create.language")}</label>
            <select id="club-language" value={language} onChange={(e) => isLocale(e.target.value) && setLanguage(e.target.value)} data-testid="club-language">
              {LOCALES.map((l) => (
                <option key={l} value={l}>
                  {LOCALE_NAMES[l]}
                </option>
              ))}
            </select>
          </div>
          <div className="field field--inline">
            <input id="club-open" type="checkbox" checked={isOpen} onChange={(e) => setOpen(e.target.checked)} data-testid="club-open" />
            <label htmlFor="club-open">{t("create.open")}</label>
          </div>
          <div>
            <SubmitButton className="button" disabled={create.isPending || create.isSuccess} data-testid="club-create-submit">
              {t("create.submit")}
            </SubmitButton>
          </div>
        </form>
      </section>
    </div>
  );
}
