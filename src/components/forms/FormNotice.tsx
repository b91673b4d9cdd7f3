/**
 * A message above a form: errors are announced assertively, confirmations
 * politely. (Not role="alert": Next's route announcer already has that role.)
 */
import type { ReactNode } from "react";

export function FormNotice({
  tone,
  children,
  testId,
}: {
  tone: "error" | "success" | "info";
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className={`notice notice--${tone}`} aria-live={tone === "error" ? "assertive" : "polite"} data-testid={testId}>
      {children}
    </div>
  );
}
