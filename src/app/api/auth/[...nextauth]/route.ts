/** Auth.js endpoints (/api/auth/*: csrf, session, callback, signout). */
import { handlers } from "@/server/auth";

export const { GET, POST } = handlers;
