// Next.js configuration. The app is served by the custom server in
// src/server/main.ts (Next handler + socket.io on one port).
import createNextIntlPlugin from "next-intl/plugin";

// Translations without locale prefixes: the locale is chosen per request (src/i18n/request.ts).
const withNextIntl = createNextIntlPlugin("./src/i18n/request.ts");

/** @type {import("next").NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native argon2 bindings must be loaded by Node, not bundled.
  serverExternalPackages: ["@node-rs/argon2"],
  // Type-checking is `tsc --noEmit` over the whole tree (npm run typecheck,
  // part of test:all); the build does not repeat it, so `npm start` is not
  // blocked by a type error in a test file.
  typescript: { ignoreBuildErrors: true },
};

export default withNextIntl(nextConfig);
