/** Test aid: the data rows of the balances CSV, each checked to have its five columns. */
export function eventsCsv(csv: string): string[][] {
  const [head, ...rows] = csv.trimEnd().split("\n").map((l) => l.split(","));
  if (head?.join(",") !== "user_id,name,events,total_ore,open_ore") throw new Error(`unexpected CSV header ${head}`);
  for (const r of rows) if (r.length !== 5 || !/^-?\d+$/.test(r[3]!) || !/^-?\d+$/.test(r[4]!)) throw new Error(`bad CSV row ${r}`);
  return rows;
}
