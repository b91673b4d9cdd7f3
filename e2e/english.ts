/**
 * English interface words that must not show on a Danish or Norwegian page
 * (e2e/languages.spec.ts, e2e/replay.spec.ts, e2e/table-play.spec.ts): each searched as a whole word
 * in the visible text, the title and what people hear or hover (aria-label,
 * title, alt, placeholder). None is also a Danish or Norwegian word the pages
 * use; test players' names contain none of them.
 */
import type { Page } from "@playwright/test";

export const ENGLISH = [
  "the", "and", "you", "your", "with", "from", "this", "that", "not", "has", "have", "will",
  "Play", "Playing", "Sign in", "Log in", "Log out", "Register", "Password", "Email", "Profile",
  "Hand", "Trick", "Tricks", "Score", "Seat", "Seats", "Dealer", "Table", "Tables", "History",
  "Leaderboard", "Rules", "Loading", "Back", "Next", "Previous", "Forward", "Download", "Replay",
  "Settings", "Welcome", "Create", "Join", "Leave", "Cancel", "Submit", "Waiting", "Turn", "Totals",
  "Result", "Contract", "Declarer", "Trump", "Spades", "Hearts", "Diamonds", "Clubs", "seed",
  "overtrick", "overtricks", "Made", "Lost", "Step", "Copy", "Analysis", "Glossary", "Language",
];

/** The English words found on the page as it stands. */
export async function englishOn(page: Page): Promise<string[]> {
  return page.evaluate((words) => {
    const heard = [...document.querySelectorAll("[aria-label], [title], img[alt], [placeholder]")].flatMap((e) =>
      ["aria-label", "title", "alt", "placeholder"].map((a) => e.getAttribute(a) ?? ""),
    );
    const text = [document.title, document.body.innerText, ...heard].join("\n");
    return words.filter((w) => new RegExp(`(?<!\\p{L})${w}(?!\\p{L})`, "u").test(text));
  }, ENGLISH);
}

