/** Contract words of the variants without an auction: a hand is played with the trump the deal or a chooser fixed, or none. */
import type { BidDescription } from "../types";

export const UNBID_CONTRACTS: Readonly<Record<string, BidDescription>> = {
  trump: { kind: "unbid", label: { key: "bids.trump" } },
  noTrump: { kind: "unbid", label: { key: "bids.noTrump" } },
};
