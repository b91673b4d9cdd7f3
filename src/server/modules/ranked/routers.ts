/** The routers of ranked play, ratings and game history, as the app router mounts them (ranked, ratings, history). */
import { historyRouter } from "@/server/modules/history/router";
import { ratingsRouter } from "@/server/modules/ratings/router";
import { rankedRouter } from "./router";

export const rankedRouters = { ranked: rankedRouter, ratings: ratingsRouter, history: historyRouter };
