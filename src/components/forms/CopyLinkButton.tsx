/**
 * A "copy link" button for invitation links (club and private table). Says
 * in words whether the copy worked; where the browser refuses the clipboard
 * it asks the person to copy the shown link themselves.
 */
"use client";
import { useState } from "react";
import { useTranslations } from "next-intl";

export function CopyLinkButton({ url, testId }: { url: string; testId: string }) {
  const t = useTranslations("common.copyLink");
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setState("copied");
    } catch {
      setState("failed");
    }
  };
  return (
    <>
      <button type="button" className="button button--ghost" onClick={() => void copy()} data-testid={testId}>
        {t("copy")}
      </button>{" "}
      <span role="status" data-testid={`${testId}-status`}>
        {state === "idle" ? "" : t(state)}
      </span>
    </>
  );
}
