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
};

export default withNextIntl(nextConfig);
