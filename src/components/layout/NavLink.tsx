"use client";
/**
 * A header link that marks itself as the current page (aria-current), also on
 * sub-pages of its section.
 */
import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

export function NavLink({ href, children, testId }: { href: string; children: ReactNode; testId?: string }) {
  const pathname = usePathname();
  const current = href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
  return (
    <Link href={href} aria-current={current ? "page" : undefined} data-testid={testId}>
      {children}
    </Link>
  );
}
