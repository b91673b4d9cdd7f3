/**
 * Live tables over socket.io: registers the table namespace's handlers on the
 * server's socket.io instance. (Filled in by the live-tables module.)
 */
import type { Server } from "socket.io";

export function registerRealtime(_io: Server): void {}
