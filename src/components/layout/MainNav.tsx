"use client";
/**
 * The main navigation and, on a phone, the button that shows it: there the
 * links would take two or three rows of every page (a third of the screen at
 * the card table), so they fold away under a menu button beside the
 * language choice. A chosen page, or Escape, folds them again. Wider screens show the
 * links in the header and no button. Both are flex items of the header's row.
 */
import { type ReactNode, useEffect, useRef, useState } from "react";
import { usePathname } from "next/navigation";
import { useHydrated } from "@/components/forms/useHydrated";

export function MainNav({ label, menuLabel, children }: { label: string; menuLabel: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const hydrated = useHydrated();
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => setOpen(false), [pathname]);
  // Escape folds an open menu, back to its button.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      toggle.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);
  return (
    <>
      <button
        ref={toggle}
        type="button"
        className="main-nav__toggle"
        aria-expanded={open}
        aria-controls="main-nav"
        onClick={() => setOpen((o) => !o)}
        disabled={!hydrated}
        data-testid="nav-menu"
      >
        <span aria-hidden="true">☰</span>
        <span className="visually-hidden">{menuLabel}</span>
      </button>
      <nav id="main-nav" className="main-nav" data-open={open ? "" : undefined} aria-label={label}>
        {children}
      </nav>
    </>
  );
}
