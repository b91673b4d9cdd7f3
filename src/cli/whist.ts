/**
 * The whist command line: `npm run whist -- <command>` (play, verify,
 * variants, options; --help on each). The commands live in ./commands.ts.
 */
import { runWhist } from "./commands";

// npm runs scripts in the package's folder; the user's own folder is INIT_CWD,
// so "--out match.json" lands where the user typed the command.
const cwd = process.env.npm_lifecycle_event === "whist" && process.env.INIT_CWD ? process.env.INIT_CWD : process.cwd();

process.exitCode = runWhist(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  cwd,
});
