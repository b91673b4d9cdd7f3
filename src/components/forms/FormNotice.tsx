/**
 * Messages above a form. FormNotice is a message present when the page loads;
 * LiveNotice is a region that stays in the page and announces the messages put
 * into it (screen readers miss live regions that appear together with their
 * text). Neither uses role="alert": Next's route announcer already has it.
 */
import type { ReactNode } from "react";

type Tone = "error" | "success" | "info";

export function FormNotice({ tone, children, testId }: { tone: Tone; children: ReactNode; testId?: string }) {
  return (
    <div className={`notice notice--${tone}`} data-testid={testId}>
      {children}
    </div>
  );
}

export function LiveNotice({ tone, children, testId }: { tone: Tone; children?: ReactNode; testId?: string }) {
  return (
    <div aria-live={tone === "error" ? "assertive" : "polite"} aria-atomic="true">
      {children ? (
        <FormNotice tone={tone} testId={testId}>
          {children}
        </FormNotice>
      ) : null}
    </div>
  );
}
