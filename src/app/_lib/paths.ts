/** Where a form may send the user afterwards: only same-site paths, never another origin. */
export function safeNextPath(value: string | string[] | undefined, fallback: string): string {
  const path = Array.isArray(value) ? value[0] : value;
  return typeof path === "string" && path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\") ? path : fallback;
}
