"use client";
/**
 * A header link that marks itself as the current page (aria-current), also on
 * sub-pages of its section and on the sections `also` names (the lobby and the
 * table form for "Play", whose own address only leads there).
 */
import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

export function NavLink({ href, also = [], children, testId }: { href: string; also?: readonly string[]; children: ReactNode; testId?: string }) {
  const pathname = usePathname();
  const current = href === "/" ? pathname === "/" : [href, ...also].some((section) => pathname === section || pathname.startsWith(`${section}/`));
  return (
    <Link href={href} aria-current={current ? "page" : undefined} data-testid={testId}>
      {children}
    </Link>
  );
}
