/**
 * Opening a game record file: read in the browser, validated by the engine
 * (parseRecord, then verifyRecord replays it and compares every stored
 * figure), with a translated error for a bad file; a good one is replayed.
 */
"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { checkRecordText, type ImportOutcome } from "./import-check";
import { ReplayViewer } from "./ReplayViewer";

export function ImportRecord() {
  const t = useTranslations("history.replay");
  const te = useTranslations("engine");
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [name, setName] = useState("record.json");
  return (
    <>
      <p>{t("importIntro")}</p>
      <div className="field">
        <label htmlFor="record-file">{t("file")}</label>
        <input
          id="record-file"
          type="file"
          accept="application/json,.json"
          data-testid="record-file"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            setName(file.name);
            setOutcome(checkRecordText(await file.text()));
          }}
        />
      </div>
      {outcome && !outcome.ok && (
        <p className="notice notice--error" data-testid="record-error" data-key={outcome.key}>
          {outcome.key === "notJson"
            ? t("notJson")
            : outcome.key === "mismatch"
              ? t("mismatch", { count: outcome.count ?? 0 })
              : t("invalid", { detail: [outcome.code ? te(`errors.${outcome.code.replace(/[./]/g, "_")}`) : "", outcome.detail].filter(Boolean).join(" ") })}
        </p>
      )}
      {outcome?.ok && <ReplayViewer key={name} record={outcome.record} fileName={name} />}
    </>
  );
}
