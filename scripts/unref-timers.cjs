// Preloaded into Prisma CLI runs: the wasm schema engine leaves a long timer
// behind after `migrate deploy`, which keeps the process alive for ~10 s.
// Long timers (>= 10 s) are unref'd so the CLI exits as soon as its work is done.
const original = global.setTimeout;
global.setTimeout = function (fn, ms, ...args) {
  const timer = original(fn, ms, ...args);
  if (typeof ms === "number" && ms >= 10_000 && timer && typeof timer.unref === "function") timer.unref();
  return timer;
};
